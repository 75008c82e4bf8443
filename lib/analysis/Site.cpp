//===- Site.cpp - Names and descriptions of sites -------------------------===//

#include "sizespec/analysis/Site.h"
#include "sizespec/model/SiteRecord.h"

namespace sizespec {

void Site::refuse(Reason R) { refuse(R, reasonMessage(R).str()); }

void Site::refuse(Reason R, std::string Msg) {
  Why = R;
  Message = std::move(Msg);
}

std::string Site::routineBaseName() const {
  if (!Scan || (!RuntimeSize && !Tiny && Class == 0))
    return "";
  return sizespec::routineBaseName(*Scan, RuntimeSize, Tiny, Class);
}

std::string Site::routineName() const {
  if (routineBaseName().empty())
    return "";
  return sizespec::routineName(*Scan, RuntimeSize, Tiny, Class,
                               RoutineTypeName);
}

std::string Site::describe() const {
  return describeSite(formName(Form), TypeName, Nothrow);
}

} // namespace sizespec
