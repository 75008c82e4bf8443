// A toy of a free that puts the object on its own span's list when the
// calling thread owns the span (mimalloc's free). Only the fast paths are
// real: every slow path aborts. Built to count the instructions of the
// loop `pairs`, a pop as the runtime's and this free:
//   clang++-19 -O2 -std=c++20 -c span_free.cc && objdump -d span_free.o
#include <cstdint>
#include <cstdlib>
struct Span {
  std::uintptr_t local_free;
  std::uint32_t used;
  std::uint32_t owner;
};
struct Tls {
  std::uintptr_t bound, key, inverse;
  std::uintptr_t alloc[64];
  std::uint32_t id;
};
extern "C" {
extern __thread Tls tls __attribute__((tls_model("initial-exec")));
__thread Tls tls;
}
struct Region {
  std::uintptr_t base;
  Span *spans;
  std::uintptr_t nspans;
};
Region region;
__attribute__((noinline)) void *refill(unsigned) { std::abort(); }
__attribute__((noinline)) void free_slow(void *, int) { std::abort(); }
static void *volatile sink;
static inline void *pop(unsigned b) {
  std::uintptr_t p = tls.alloc[b] * tls.inverse;
  if (__builtin_expect(p >= tls.bound, 0))
    return refill(b);
  tls.alloc[b] = *reinterpret_cast<std::uintptr_t *>(p);
  return reinterpret_cast<void *>(p);
}
static inline void push_span(void *o) {
  const std::uintptr_t idx =
      (reinterpret_cast<std::uintptr_t>(o) - region.base) >> 16;
  if (__builtin_expect(idx >= region.nspans, 0))
    return free_slow(o, 0);
  Span *s = &region.spans[idx];
  if (__builtin_expect(s->owner != tls.id, 0))
    return free_slow(o, 1);
  *static_cast<std::uintptr_t *>(o) = s->local_free;
  s->local_free = reinterpret_cast<std::uintptr_t>(o) * tls.key;
  if (__builtin_expect(--s->used == 0, 0))
    return free_slow(o, 2);
}
__attribute__((noinline)) void pairs(long n) {
  for (long i = 0; i < n; ++i) {
    void *p = pop(4);
    sink = p;
    push_span(p);
  }
}
int main() {}
// One free at a site of its own: what it loads for itself.
__attribute__((noinline)) void free_one(void *o) { push_span(o); }
