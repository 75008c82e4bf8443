#include "shared.h"

// Here the inlined copy's memory never escapes: the optimizer deletes it.
long other() {
  Pair *P = shared();
  long A = P->A;
  delete P;
  return A;
}
