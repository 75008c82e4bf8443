// Compiled by clang++ with and without the runtime preloaded: the object
// files must be byte-identical. Its LLVM headers make the compiler allocate.
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

int count_words(llvm::ArrayRef<llvm::StringRef> Words) {
  llvm::StringMap<int> Seen;
  llvm::DenseMap<unsigned, llvm::SmallVector<llvm::StringRef, 4>> ByLength;
  for (llvm::StringRef W : Words) {
    ++Seen[W];
    ByLength[W.size()].push_back(W);
  }
  llvm::outs() << Seen.size() << " words, " << ByLength.size() << " lengths\n";
  return static_cast<int>(Seen.size());
}
