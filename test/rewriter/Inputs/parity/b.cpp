// A second translation unit: the header's sites are the same here.
#include "sites.h"

Point *again() { return origin(); }
Node *node() { return make<Node>(); }
long sum(long N) {
  long *P = new long[N];
  long S = 0;
  for (long I = 0; I < N; ++I)
    S += (P[I] = I);
  delete[] P;
  return S;
}
