// Temporary first implementation: every routine forwards to the system
// allocator (the thread lists stay empty, so every allocation takes the slow
// path). Replaced by the real allocator in the following commits.
#include <sizespec/sizespec.h>
#include <sizespec/stats.h>

#include <cstdlib>
#include <cstring>
#include <new>

namespace sizespec {
namespace detail {
SIZESPEC_API __thread ThreadCache tls_cache SIZESPEC_TLS_MODEL;

void *alloc_refill(unsigned, std::size_t Size) { return ::operator new(Size); }
void *alloc_refill_nothrow(unsigned, std::size_t Size) noexcept {
  return ::operator new(Size, std::nothrow);
}
void *alloc_generic_scan(std::size_t Size) { return ::operator new(Size); }
void *alloc_generic_noscan(std::size_t Size) { return ::operator new(Size); }
void *alloc_generic_aligned(std::size_t Size, std::size_t Align, bool) {
  return ::operator new(Size, std::align_val_t(Align));
}
} // namespace detail

void *allocate(std::size_t size) { return ::operator new(size); }
void *allocate(std::size_t size, const std::nothrow_t &) noexcept {
  return ::operator new(size, std::nothrow);
}
void deallocate(void *p) noexcept { std::free(p); }
bool owns(const void *) noexcept { return false; }

Stats stats() noexcept {
  Stats S;
  std::memset(&S, 0, sizeof S);
  S.mode = Mode::system;
  return S;
}
void print_stats(std::FILE *) noexcept {}
ObjectInfo object_info(const void *) noexcept { return ObjectInfo{false, 0, false}; }
} // namespace sizespec

namespace {
void *system_new(std::size_t Size) {
  if (void *P = std::malloc(Size ? Size : 1))
    return P;
  throw std::bad_alloc();
}
void *system_new_aligned(std::size_t Size, std::align_val_t Al) {
  std::size_t A = static_cast<std::size_t>(Al);
  void *P = nullptr;
  if (posix_memalign(&P, A < sizeof(void *) ? sizeof(void *) : A,
                     Size ? Size : 1) == 0)
    return P;
  throw std::bad_alloc();
}
} // namespace

#define API SIZESPEC_API
API void *operator new(std::size_t n) { return system_new(n); }
API void *operator new[](std::size_t n) { return system_new(n); }
API void *operator new(std::size_t n, const std::nothrow_t &) noexcept {
  return std::malloc(n ? n : 1);
}
API void *operator new[](std::size_t n, const std::nothrow_t &) noexcept {
  return std::malloc(n ? n : 1);
}
API void *operator new(std::size_t n, std::align_val_t a) {
  return system_new_aligned(n, a);
}
API void *operator new[](std::size_t n, std::align_val_t a) {
  return system_new_aligned(n, a);
}
API void *operator new(std::size_t n, std::align_val_t a,
                       const std::nothrow_t &) noexcept {
  try { return system_new_aligned(n, a); } catch (...) { return nullptr; }
}
API void *operator new[](std::size_t n, std::align_val_t a,
                         const std::nothrow_t &) noexcept {
  try { return system_new_aligned(n, a); } catch (...) { return nullptr; }
}
API void operator delete(void *p) noexcept { std::free(p); }
API void operator delete[](void *p) noexcept { std::free(p); }
API void operator delete(void *p, std::size_t) noexcept { std::free(p); }
API void operator delete[](void *p, std::size_t) noexcept { std::free(p); }
API void operator delete(void *p, const std::nothrow_t &) noexcept { std::free(p); }
API void operator delete[](void *p, const std::nothrow_t &) noexcept { std::free(p); }
API void operator delete(void *p, std::align_val_t) noexcept { std::free(p); }
API void operator delete[](void *p, std::align_val_t) noexcept { std::free(p); }
API void operator delete(void *p, std::size_t, std::align_val_t) noexcept { std::free(p); }
API void operator delete[](void *p, std::size_t, std::align_val_t) noexcept { std::free(p); }
API void operator delete(void *p, std::align_val_t, const std::nothrow_t &) noexcept { std::free(p); }
API void operator delete[](void *p, std::align_val_t, const std::nothrow_t &) noexcept { std::free(p); }
