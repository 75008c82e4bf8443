// Double frees within one thread's lists.
//   a: both frees in the freed list, with another free between.
//   b: the first free already swapped into the allocation list, unpopped.
#include <cstdio>
#include <cstring>
#include <new>
struct P {
  long a, b, c;
};
static void *volatile sink;
static P *make() {
  P *x = new P;
  sink = x;
  return x;
}
static void drop(P *x) {
  sink = x;
  delete x;
}
int main(int argc, char **argv) {
  const bool b = argc > 1 && !std::strcmp(argv[1], "b");
  for (int i = 0; i < 1000; ++i)
    drop(make());
  P *p = make(), *q = make(), *z = make();
  static P *keep[100000];
  int n = 0;
  if (!b) {
    drop(p);
    drop(q);
    drop(p);
  } else {
    drop(p);
    drop(z); // freed: z -> p
    P *x;
    do {
      x = make();
      keep[n++] = x;
    } while (x != z && n < 100000);
    if (x != z) {
      std::puts("no swap seen");
      return 2;
    }
    drop(p); // p is on the allocation list: freed twice
  }
  static void *seen[20000];
  for (int i = 0; i < 20000; ++i) {
    seen[i] = make();
    for (int j = 0; j < i; ++j)
      if (seen[j] == seen[i]) {
        std::printf("handed out twice: %p\n", seen[i]);
        return 3;
      }
  }
  std::puts("nothing caught, nothing handed out twice");
  (void)q;
}
