// LD_PRELOAD: live bytes of small mallocs (<= 1024 B) as glibc holds them
// (its chunk: usable size + 8) and as an allocator with 8-byte classes
// and no header would (the request rounded up to 8), and each one's peak.
#define _GNU_SOURCE
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
extern void *__libc_malloc(size_t);
extern void __libc_free(void *);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
#define CAP (1u << 24)
static uintptr_t keys[CAP];
static uint32_t vals[CAP];
static long glibc_live, glibc_peak, eight_live, eight_peak, count_live, count_peak;
static uint32_t h(uintptr_t p) { return (uint32_t)((p >> 4) * 0x9E3779B97F4A7C15ull >> 40) & (CAP - 1); }
static void put(void *p, size_t n) {
  if (!p || n > 1024) return;
  uint32_t i = h((uintptr_t)p);
  while (keys[i] && keys[i] != 1) i = (i + 1) & (CAP - 1);
  keys[i] = (uintptr_t)p; vals[i] = (uint32_t)n;
  glibc_live += malloc_usable_size(p) + 8; eight_live += n ? (n + 7) & ~7ul : 8; count_live++;
  if (glibc_live > glibc_peak) { glibc_peak = glibc_live; eight_peak = eight_live; count_peak = count_live; }
}
static void del(void *p) {
  if (!p) return;
  uint32_t i = h((uintptr_t)p);
  while (keys[i]) { if (keys[i] == (uintptr_t)p) break; i = (i + 1) & (CAP - 1); }
  if (keys[i] != (uintptr_t)p) return;
  size_t n = vals[i]; keys[i] = 1;
  glibc_live -= malloc_usable_size(p) + 8; eight_live -= n ? (n + 7) & ~7ul : 8; count_live--;
}
void *malloc(size_t n) { void *p = __libc_malloc(n); put(p, n); return p; }
void *calloc(size_t a, size_t b) { void *p = __libc_calloc(a, b); put(p, a * b); return p; }
void *realloc(void *q, size_t n) { del(q); void *p = __libc_realloc(q, n); put(p, n); return p; }
void free(void *p) { del(p); __libc_free(p); }
__attribute__((destructor)) static void dump(void) {
  fprintf(stderr, "small mallocs at glibc's peak: %ld live, glibc chunks %.1f MB, 8-byte classes %.1f MB\n",
          count_peak, glibc_peak / 1048576.0, eight_peak / 1048576.0);
}
