//===- heap_check.cc - The release runtime's checks of its lists ----------===//

#include "heap_check.h"

#include "platform.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

/// Defined by code the plugin built with `hardening=off`, whose inline
/// paths store links plain: a weak reference, null without any.
extern "C" __attribute__((__weak__, __visibility__("default"))) char
    sizespec_unhardened_marker __asm__(SIZESPEC_UNHARDENED_MARKER);

namespace sizespec {

constinit std::uintptr_t g_link_key = 1;
constinit std::uintptr_t g_link_inverse = 1;
constinit std::uintptr_t g_link_bound = 0;
constinit std::uintptr_t g_span_free_mark = 0;

namespace {

/// Whether links_init drew keys (hardening on).
constinit bool g_hardened = false;

/// "(class 3, 24 B, noscan)", or "(tiny block, 32 B)".
int describe_bin(char *out, std::size_t n, unsigned b) {
  if (b == kTinyBin)
    return std::snprintf(out, n, "(tiny block, %zu B)", object_size(b));
  return std::snprintf(out, n, "(class %u, %zu B, %s)", bin_class(b),
                       object_size(b), bin_scan(b) ? "scan" : "noscan");
}

/// Ends \p line (\p n bytes so far) with bin \p b's description, writes it
/// and aborts.
[[noreturn]] void fail_naming(char (&line)[200], int n, unsigned b) {
  n += describe_bin(line + n, sizeof line - n - 1, b);
  line[n++] = '\n';
  (void)!::write(2, line, static_cast<std::size_t>(n));
  std::abort();
}

} // namespace

bool hardening_wanted() noexcept {
  if (&sizespec_unhardened_marker)
    return false;
  const char *v = std::getenv("SIZESPEC_HARDENING");
  if (!v || !*v || std::strcmp(v, "1") == 0)
    return true;
  if (std::strcmp(v, "0") == 0)
    return false;
  std::fprintf(stderr,
               "sizespec: ignoring SIZESPEC_HARDENING=%s: expected 0 or 1; "
               "hardening stays on\n",
               v);
  return true;
}

void links_init(bool hardened) noexcept {
  // Any word but 0 (which means none); the debug build has none.
#if !SIZESPEC_DEBUG
  g_span_free_mark = platform::random_word() | 1;
#endif
  if (!hardened)
    return;
#ifdef SIZESPEC_TEST_LINK_KEY
  // The hardening fuzz target's: the same run every time.
  const std::uintptr_t k = std::uintptr_t(SIZESPEC_TEST_LINK_KEY) | 1;
#else
  const std::uintptr_t k = platform::random_word() | 1;
#endif
  // Newton's iteration for the inverse mod 2^64: each step doubles the
  // bits that are right, and k is its own inverse mod 2^3.
  std::uintptr_t inv = k;
  for (int i = 0; i < 5; ++i)
    inv *= 2 - k * inv;
  g_link_key = k;
  g_link_inverse = inv;
  g_hardened = true;
}

bool hardened() noexcept { return g_hardened; }

void links_set_bound(std::uintptr_t region_end) noexcept {
  g_link_bound = region_end;
}

Place place_of(unsigned b, const void *p) noexcept {
  const std::uintptr_t at = g_region.span_index(b, p);
  if (at < g_region.first_span(b) || at >= region_frontier(b))
    return Place::never_handed_out;
  const auto i = static_cast<std::uint32_t>(at);
  const Span *s = g_region.span(b, i);
  const auto offset = static_cast<std::uintptr_t>(static_cast<const char *>(p) -
                                                  g_region.span_start(b, i));
  const std::uint32_t slot = slot_at(b, offset);
  if (s->state == SpanState::unused || slot >= carved_of(s))
    return Place::never_handed_out;
  return slot * object_size(b) != offset ? Place::interior : Place::object;
}

void check_place(unsigned b, const void *p) noexcept {
  switch (place_of(b, p)) {
  case Place::never_handed_out:
    heap_error("free of a pointer the runtime never handed out", p, b);
  case Place::interior:
    heap_error("free of an interior pointer", p, b);
  case Place::object:
    break;
  }
}

void heap_error(const char *what, const void *p, unsigned b) noexcept {
  char line[200];
  fail_naming(line,
              std::snprintf(line, sizeof line, "sizespec: %s of %p ", what, p),
              b);
}

void link_error(unsigned b, const void *where, std::uintptr_t value) noexcept {
  char line[200];
  int n = std::snprintf(line, sizeof line,
                        "sizespec: free-list link overwritten (a write after "
                        "free?)");
  if (where)
    n += std::snprintf(line + n, sizeof line - n, " in %p", where);
  n += std::snprintf(line + n, sizeof line - n, ": %#lx ",
                     static_cast<unsigned long>(value));
  fail_naming(line, n, b);
}

void double_return_suspected(unsigned b, const FreeObject *o,
                             std::uintptr_t list) noexcept {
  const Links links = Links::current();
  for (const FreeObject *f = links.decode_own(list); f;
       f = links.next_in_span(b, f))
    if (f == o)
      heap_error("double free", o, b);
}

void bad_return(unsigned b, const FreeObject *o, const Span *s,
                std::uint32_t out, const FreeObject *from) noexcept {
  // A freed list's link decodes outside the bin only if it was written
  // after its object was freed (the free path pushes only the bin's
  // addresses). It is named as it was read: the return has since relinked
  // \p from.
  if (!s && from)
    link_error(b, from, reinterpret_cast<std::uintptr_t>(o) * g_link_key);
  // A span with none of its objects out has none to take back: this one
  // came back before (its slots count as never carved once it is empty).
  if (s && (out == 0 || s->state == SpanState::empty))
    heap_error("double free", o, b);
  check_place(b, o);
  heap_error("free-list corruption: an object its span does not have out", o,
             b);
}

} // namespace sizespec
