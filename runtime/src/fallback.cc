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

void *new_(std::size_t size) {
  if (size == 0)
    size = 1;
  void *p;
  while (!(p = std::malloc(size))) {
    std::new_handler h = std::get_new_handler();
    if (!h)
      throw std::bad_alloc();
    h();
  }
  return p;
}

void *new_nothrow(std::size_t size) noexcept {
  try {
    return g_winners.new_(size);
  } catch (...) {
    return nullptr;
  }
}

void *new_array(std::size_t size) { return g_winners.new_(size); }

void *new_array_nothrow(std::size_t size) noexcept {
  try {
    return g_winners.new_array(size);
  } catch (...) {
    return nullptr;
  }
}

void *new_aligned(std::size_t size, std::align_val_t al) {
  std::size_t align = static_cast<std::size_t>(al);
  if (align < sizeof(void *))
    align = sizeof(void *);
  if (size == 0)
    size = 1;
  void *p;
  while (posix_memalign(&p, align, size) != 0) {
    std::new_handler h = std::get_new_handler();
    if (!h)
      throw std::bad_alloc();
    h();
  }
  return p;
}

void *new_aligned_nothrow(std::size_t size, std::align_val_t al) noexcept {
  try {
    return g_winners.new_aligned(size, al);
  } catch (...) {
    return nullptr;
  }
}

void *new_array_aligned(std::size_t size, std::align_val_t al) {
  return g_winners.new_aligned(size, al);
}

void *new_array_aligned_nothrow(std::size_t size,
                                std::align_val_t al) noexcept {
  try {
    return g_winners.new_array_aligned(size, al);
  } catch (...) {
    return nullptr;
  }
}

void delete_(void *p) noexcept { std::free(p); }
void delete_sized(void *p) noexcept { g_winners.del(p); }
void delete_array(void *p) noexcept { g_winners.del(p); }
void delete_array_sized(void *p) noexcept { g_winners.del_array(p); }
void delete_aligned(void *p, std::align_val_t) noexcept { std::free(p); }
void delete_aligned_sized(void *p, std::align_val_t al) noexcept {
  g_winners.del_aligned(p, al);
}
void delete_array_aligned(void *p, std::align_val_t al) noexcept {
  g_winners.del_aligned(p, al);
}
void delete_array_aligned_sized(void *p, std::align_val_t al) noexcept {
  g_winners.del_array_aligned(p, al);
}

} // namespace fallback
} // namespace sizespec
