//===- sizespec/config.h - Compiler and build switches ---------*- C++ -*-===//
//
// Attribute macros shared by the public header and the runtime, and the
// compile-time switches (like mimalloc's MI_DEBUG / MI_STAT): none of them is
// ever a branch on a fast path.
//
// Valid C++11 with GCC 12 and Clang 19+, with or without exceptions and RTTI.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_CONFIG_H
#define SIZESPEC_CONFIG_H

#if !defined(__GNUC__) && !defined(__clang__)
#error "sizespec needs GCC or Clang (GNU attributes, __thread)"
#endif

/// A fast path: inline, counted in instructions (see the function's comment).
#define SIZESPEC_FAST_PATH inline __attribute__((__always_inline__))
/// The out-of-line slow path behind a fast path: never inlined, kept cold so
/// the caller's fast path stays straight-line code.
#define SIZESPEC_SLOW_PATH __attribute__((__noinline__, __cold__))

// The public routines (alloc_scan_scN and friends). Rewritten sources pass
// them by address (<sizespec/rewrite.h>); GCC rejects a call of an
// always_inline function through a pointer it resolves late ("inlining
// failed ... function body not available"), so there they are only inline.
// GCC compiles rewritten sources only: the plugin is Clang's.
#if defined(__clang__)
#define SIZESPEC_ROUTINE SIZESPEC_FAST_PATH
#else
#define SIZESPEC_ROUTINE inline
#endif

#define SIZESPEC_LIKELY(x) __builtin_expect(!!(x), 1)
#define SIZESPEC_UNLIKELY(x) __builtin_expect(!!(x), 0)

/// Initial-exec TLS: a thread-pointer-relative access with no
/// __tls_get_addr call, from an executable and from a shared library alike
/// (as mimalloc and jemalloc do). Used with `__thread` on a POD,
/// constant-initialized variable, so no C++ TLS wrapper is ever generated.
#define SIZESPEC_TLS_MODEL __attribute__((__tls_model__("initial-exec")))

/// Symbols the runtime exports (it is built with -fvisibility=hidden).
#define SIZESPEC_API __attribute__((__visibility__("default")))
/// The runtime's own globals. -fvisibility=hidden does not cover `extern`
/// declarations; without this, each access goes through the GOT (lea+mov).
#define SIZESPEC_INTERNAL __attribute__((__visibility__("hidden")))

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) ||     \
    __has_feature(thread_sanitizer) || __has_feature(hwaddress_sanitizer)
#define SIZESPEC_SANITIZER_BUILD 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__) ||           \
    defined(__SANITIZE_HWADDRESS__)
#undef SIZESPEC_SANITIZER_BUILD
#define SIZESPEC_SANITIZER_BUILD 1
#endif
#ifndef SIZESPEC_SANITIZER_BUILD
#define SIZESPEC_SANITIZER_BUILD 0
#endif

#endif // SIZESPEC_CONFIG_H
