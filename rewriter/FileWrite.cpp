//===- FileWrite.cpp - Write a file whole or not at all -------------------===//

#include "FileWrite.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <unistd.h>

using namespace llvm;

namespace sizespec::rewriter {

static Error fail(StringRef Path, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "cannot write '" + Path + "': " + Why);
}

Error writeFileAtomically(StringRef Path, StringRef Content) {
  sys::fs::file_status Status;
  if (std::error_code EC = sys::fs::status(Path, Status))
    return fail(Path, EC.message());
  sys::fs::perms Perms = Status.permissions();
  // Root may write anything, so access() alone would not see a file its
  // owner made read-only; the permission bits say what the user meant.
  const sys::fs::perms AnyWrite =
      sys::fs::owner_write | sys::fs::group_write | sys::fs::others_write;
  if ((Perms & AnyWrite) == 0 ||
      sys::fs::access(Path, sys::fs::AccessMode::Write))
    return fail(Path, "file is read-only; left unchanged");

  int FD;
  SmallString<256> TmpPath;
  if (std::error_code EC = sys::fs::createUniqueFile(
          Path + ".sizespec-%%%%%%%%.tmp", FD, TmpPath, sys::fs::OF_None,
          static_cast<unsigned>(Perms)))
    return fail(Path, "cannot create a temporary file next to it: " +
                          EC.message() + "; left unchanged");
  // The new file replaces the old one: it takes the old one's owner and
  // group, or the rewrite stops (root would otherwise hand a user's file to
  // root).
  if (::fchown(FD, Status.getUser(), Status.getGroup()) != 0) {
    std::error_code EC(errno, std::generic_category());
    ::close(FD);
    sys::fs::remove(TmpPath);
    return fail(Path, "cannot keep its owner and group (" +
                          Twine(Status.getUser()) + ":" +
                          Twine(Status.getGroup()) + "): " + EC.message() +
                          "; left unchanged");
  }
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Content;
    OS.close();
    if (OS.has_error()) {
      std::error_code EC = OS.error();
      OS.clear_error();
      sys::fs::remove(TmpPath);
      return fail(Path, EC.message() + "; left unchanged");
    }
  }
  if (std::error_code EC = sys::fs::setPermissions(TmpPath, Perms)) {
    sys::fs::remove(TmpPath);
    return fail(Path, EC.message() + "; left unchanged");
  }
  if (std::error_code EC = sys::fs::rename(TmpPath, Path)) {
    sys::fs::remove(TmpPath);
    return fail(Path, EC.message() + "; left unchanged");
  }
  return Error::success();
}

} // namespace sizespec::rewriter
