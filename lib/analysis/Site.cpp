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
  if (!Scan)
    return "";
  std::string Name = *Scan ? "alloc_scan" : "alloc_noscan";
  if (RuntimeSize)
    return Name;
  if (Tiny)
    return Name + "_tiny";
  if (Class == 0)
    return "";
  return Name + "_sc" + std::to_string(Class);
}

std::string Site::routineName() const {
  std::string Base = routineBaseName();
  if (Base.empty())
    return "";
  return Base + "<" + RoutineTypeName + ">";
}

std::string Site::describe() const {
  return describeSite(formName(Form), TypeName, Nothrow);
}

} // namespace sizespec
