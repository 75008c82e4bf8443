//===- Site.cpp - Names and descriptions of sites -------------------------===//

#include "sizespec/analysis/Site.h"
#include "sizespec/model/SiteRecord.h"

namespace sizespec {

void Site::refuse(Reason R) { refuse(R, reasonMessage(R).str()); }

void Site::refuse(Reason R, std::string Msg) {
  Why = R;
  Message = std::move(Msg);
}

bool Site::hasRoutine() const {
  return Scan && (RuntimeSize || Tiny || Class != 0);
}

std::string Site::routineBaseName() const {
  return hasRoutine()
             ? sizespec::routineBaseName(*Scan, RuntimeSize, Tiny, Class)
             : "";
}

std::string Site::routineName() const {
  return hasRoutine() ? sizespec::routineName(*Scan, RuntimeSize, Tiny, Class,
                                              RoutineTypeName)
                      : "";
}

std::string Site::describe() const {
  return describeSite(formName(Form), TypeName, Nothrow);
}

} // namespace sizespec
