//===- fallback.cc - The standard library's operator new/delete -----------===//
//
// Mirrors libstdc++'s new_op.cc, new_opa.cc, new_opnt.cc, del_*.cc.
//
//===----------------------------------------------------------------------===//

#include "fallback.h"

#include <cstdlib>

namespace sizespec {

// Until init_runtime binds them, the base forms are this library's own.
constinit Winners g_winners = {
    static_cast<void *(*)(std::size_t)>(&::operator new),
    static_cast<void *(*)(std::size_t)>(&::operator new[]),
    static_cast<void *(*)(std::size_t, std::align_val_t)>(&::operator new),
    static_cast<void *(*)(std::size_t, std::align_val_t)>(&::operator new[]),
    static_cast<void *(*)(std::size_t, const std::nothrow_t &) noexcept>(
        &::operator new),
    static_cast<void *(*)(std::size_t, const std::nothrow_t &) noexcept>(
        &::operator new[]),
    static_cast<void *(*)(std::size_t, std::align_val_t,
                          const std::nothrow_t &) noexcept>(&::operator new),
    static_cast<void *(*)(std::size_t, std::align_val_t,
                          const std::nothrow_t &) noexcept>(&::operator new[]),
    static_cast<void (*)(void *) noexcept>(&::operator delete),
    static_cast<void (*)(void *) noexcept>(&::operator delete[]),
    static_cast<void (*)(void *, std::align_val_t) noexcept>(
        &::operator delete),
    static_cast<void (*)(void *, std::align_val_t) noexcept>(
        &::operator delete[]),
};

namespace fallback {

void *new_(std::size_t Size) {
  if (Size == 0)
    Size = 1;
  void *P;
  while (!(P = std::malloc(Size))) {
    std::new_handler H = std::get_new_handler();
    if (!H)
      throw std::bad_alloc();
    H();
  }
  return P;
}

void *new_nothrow(std::size_t Size) noexcept {
  try {
    return g_winners.new_(Size);
  } catch (...) {
    return nullptr;
  }
}

void *new_array(std::size_t Size) { return g_winners.new_(Size); }

void *new_array_nothrow(std::size_t Size) noexcept {
  try {
    return g_winners.new_array(Size);
  } catch (...) {
    return nullptr;
  }
}

void *new_aligned(std::size_t Size, std::align_val_t Al) {
  std::size_t Align = static_cast<std::size_t>(Al);
  if (Align < sizeof(void *))
    Align = sizeof(void *);
  if (Size == 0)
    Size = 1;
  void *P;
  while (posix_memalign(&P, Align, Size) != 0) {
    std::new_handler H = std::get_new_handler();
    if (!H)
      throw std::bad_alloc();
    H();
  }
  return P;
}

void *new_aligned_nothrow(std::size_t Size, std::align_val_t Al) noexcept {
  try {
    return g_winners.new_aligned(Size, Al);
  } catch (...) {
    return nullptr;
  }
}

void *new_array_aligned(std::size_t Size, std::align_val_t Al) {
  return g_winners.new_aligned(Size, Al);
}

void *new_array_aligned_nothrow(std::size_t Size,
                                std::align_val_t Al) noexcept {
  try {
    return g_winners.new_array_aligned(Size, Al);
  } catch (...) {
    return nullptr;
  }
}

void delete_(void *P) noexcept { std::free(P); }
void delete_sized(void *P) noexcept { g_winners.del(P); }
void delete_array(void *P) noexcept { g_winners.del(P); }
void delete_array_sized(void *P) noexcept { g_winners.del_array(P); }
void delete_aligned(void *P, std::align_val_t) noexcept { std::free(P); }
void delete_aligned_sized(void *P, std::align_val_t Al) noexcept {
  g_winners.del_aligned(P, Al);
}
void delete_array_aligned(void *P, std::align_val_t Al) noexcept {
  g_winners.del_aligned(P, Al);
}
void delete_array_aligned_sized(void *P, std::align_val_t Al) noexcept {
  g_winners.del_array_aligned(P, Al);
}

} // namespace fallback
} // namespace sizespec
