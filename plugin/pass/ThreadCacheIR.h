//===- ThreadCacheIR.h - The thread cache, as the passes emit it -*- C++
//-*-===//
//
// Both lowerings address the calling thread's cache (<sizespec/
// thread_cache.h>) by the runtime's own layout: the TLS global as the
// header declares it, and byte offsets into it.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_PLUGIN_PASS_THREADCACHEIR_H
#define SIZESPEC_PLUGIN_PASS_THREADCACHEIR_H

#include "sizespec/abi/RuntimeABI.h"

#include <sizespec/thread_cache.h>

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

#include <cstddef>

namespace sizespec {

/// `sizespec::detail::tls_cache`, declared initial-exec, as the header
/// declares it (SIZESPEC_TLS_MODEL).
inline llvm::GlobalVariable *threadCacheGlobal(llvm::Module &M) {
  const char *Name = abi::mangledName(abi::Symbol::ThreadCache);
  if (llvm::GlobalVariable *GV = M.getNamedGlobal(Name))
    return GV;
  auto *GV = new llvm::GlobalVariable(
      M,
      llvm::ArrayType::get(llvm::Type::getInt8Ty(M.getContext()),
                           sizeof(detail::ThreadCache)),
      /*isConstant=*/false, llvm::GlobalValue::ExternalLinkage, nullptr, Name,
      nullptr, llvm::GlobalValue::InitialExecTLSModel);
  GV->setAlignment(llvm::Align(alignof(detail::ThreadCache)));
  return GV;
}

/// The address of the field at \p Offset in the calling thread's cache,
/// \p Cache (its llvm.threadlocal.address).
inline llvm::Value *cacheField(llvm::IRBuilder<> &B, llvm::Value *Cache,
                               std::size_t Offset, const llvm::Twine &Name) {
  return B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Cache, Offset, Name);
}

} // namespace sizespec

#endif // SIZESPEC_PLUGIN_PASS_THREADCACHEIR_H
