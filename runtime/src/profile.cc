//===- profile.cc - The sampled allocation profile ------------------------===//

#include "profile.h"

#include "lock.h"
#include "platform.h"

#include <sizespec/size_classes.h>
#include <sizespec/tiny_path.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <dlfcn.h>
#include <link.h>
#include <unistd.h>
#include <unwind.h>

namespace sizespec {

constinit bool g_profile_on = false;

namespace {

enum class Kind : std::uint8_t { noscan, scan, tiny, large };
constexpr const char *kKindNames[] = {"noscan", "scan", "tiny", "large"};

/// The deepest stack a sample keeps.
constexpr unsigned kMaxDepth = 64;
/// Distinct (stack, size, kind) entries, and stack frames, the table holds;
/// samples past either are counted as dropped.
constexpr std::size_t kEntries = std::size_t(1) << 16;
constexpr std::size_t kPoolFrames = std::size_t(1) << 21;

struct Entry {
  std::uint64_t hash; ///< 0: empty
  std::uint64_t count;
  std::uint64_t unit; ///< the bytes a sample stood for (see profile.h)
  std::uint64_t size; ///< requested
  std::uint32_t frames;
  std::uint16_t depth;
  std::uint8_t size_class;
  Kind kind;
  bool generic;
};

struct Table {
  Entry *entries = nullptr; // kEntries, mapped at init
  std::uintptr_t *pool = nullptr;
  std::size_t pool_used = 0;
  std::size_t used = 0;
  std::uint64_t samples = 0;
  std::uint64_t dropped = 0;
};

constinit Lock g_lock;
constinit Table g_table;
constinit std::uint64_t g_rate = kDefaultProfileRate;
/// SIZESPEC_PROFILE_SEED: the n-th thread to sample draws from seed + n, so
/// that a run can be sampled again the same way; 0: from the clock.
constinit std::uint64_t g_seed = 0;
constinit std::atomic<std::uint64_t> g_threads{0};
constinit Mode g_profile_mode = Mode::uninitialized;
constinit const char *g_profile_mode_name = "uninitialized";
char g_reason[512];
char g_path[PATH_MAX];
/// The runtime's own code: frames there are left off the top of a stack.
constinit std::uintptr_t g_self_lo = 0, g_self_hi = 0;
/// Set while a thread takes a sample: an allocation then (the unwinder's,
/// were it to allocate) is not sampled again.
__thread bool t_sampling = false;

// --- Sampling intervals -----------------------------------------------------

std::uint64_t next_random(ProfileThread &t) {
  // xorshift64*: fast, and good enough to space samples.
  t.rng ^= t.rng >> 12;
  t.rng ^= t.rng << 25;
  t.rng ^= t.rng >> 27;
  return t.rng * 0x2545F4914F6CDD1Dull;
}

/// Bytes to the next sample: exponential, of mean g_rate.
std::int64_t draw(ProfileThread &t) {
  // (0, 1]: 53 random bits, never 0.
  double u = double((next_random(t) >> 11) + 1) * 0x1p-53;
  double bytes = -std::log(u) * double(g_rate);
  return bytes < 1 ? 1 : bytes > 0x1p62 ? INT64_MAX / 2 : std::int64_t(bytes);
}

void make_ready(ProfileThread &t) {
  if (t.ready)
    return;
  if (g_seed) {
    std::uint64_t n = g_threads.fetch_add(1, std::memory_order_relaxed);
    t.rng = (g_seed + n) * 0x9E3779B97F4A7C15ull;
  } else {
    timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    t.rng = (reinterpret_cast<std::uintptr_t>(&t) * 0x9E3779B97F4A7C15ull) ^
            std::uint64_t(now.tv_nsec) ^ (std::uint64_t(now.tv_sec) << 32) ^
            std::uint64_t(gettid());
  }
  if (!t.rng)
    t.rng = 1;
  for (std::int64_t &u : t.until)
    u = draw(t);
  t.until_tiny = draw(t);
  t.until_large = draw(t);
  t.ready = true;
}

// --- Taking a sample --------------------------------------------------------

struct Unwind {
  std::uintptr_t pcs[kMaxDepth];
  unsigned depth = 0;
};

_Unwind_Reason_Code unwind_step(_Unwind_Context *ctx, void *arg) {
  auto &u = *static_cast<Unwind *>(arg);
  std::uintptr_t pc = _Unwind_GetIP(ctx);
  if (!pc)
    return _URC_END_OF_STACK;
  // The runtime's frames at the top (this one, the slow path) say nothing.
  if (u.depth == 0 && pc >= g_self_lo && pc < g_self_hi)
    return _URC_NO_REASON;
  u.pcs[u.depth++] = pc;
  return u.depth == kMaxDepth ? _URC_END_OF_STACK : _URC_NO_REASON;
}

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  return h;
}

bool same(const Entry &e, const Unwind &u, std::uint64_t unit, std::size_t size,
          unsigned size_class, Kind kind, bool generic) {
  return e.unit == unit && e.size == size && e.size_class == size_class &&
         e.kind == kind && e.generic == generic && e.depth == u.depth &&
         std::memcmp(g_table.pool + e.frames, u.pcs,
                     u.depth * sizeof(std::uintptr_t)) == 0;
}

SIZESPEC_SLOW_PATH void record(std::uint64_t unit, std::size_t size,
                               unsigned size_class, Kind kind,
                               bool generic) noexcept {
  if (t_sampling)
    return;
  t_sampling = true;
  Unwind u;
  _Unwind_Backtrace(unwind_step, &u);
  std::uint64_t h = mix(mix(mix(unit, size), size_class),
                        unsigned(kind) * 2 + (generic ? 1 : 0));
  for (unsigned i = 0; i < u.depth; ++i)
    h = mix(h, u.pcs[i]);
  if (!h)
    h = 1;
  {
    LockGuard g(g_lock);
    Table &tb = g_table;
    ++tb.samples;
    for (std::size_t i = h & (kEntries - 1);; i = (i + 1) & (kEntries - 1)) {
      Entry &e = tb.entries[i];
      if (e.hash == h && same(e, u, unit, size, size_class, kind, generic)) {
        ++e.count;
        break;
      }
      if (e.hash)
        continue;
      // A new entry, while the table is three quarters empty and the pool
      // has room.
      if (tb.used >= kEntries / 4 * 3 || tb.pool_used + u.depth > kPoolFrames) {
        ++tb.dropped;
        break;
      }
      e = Entry{h,
                1,
                unit,
                size,
                static_cast<std::uint32_t>(tb.pool_used),
                static_cast<std::uint16_t>(u.depth),
                static_cast<std::uint8_t>(size_class),
                kind,
                generic};
      std::memcpy(tb.pool + tb.pool_used, u.pcs,
                  u.depth * sizeof(std::uintptr_t));
      tb.pool_used += u.depth;
      ++tb.used;
      break;
    }
  }
  t_sampling = false;
}

// --- The file ---------------------------------------------------------------

/// Writes each executable mapping of each loaded object: the profile's PCs
/// are symbolized against these files.
int write_object(dl_phdr_info *info, std::size_t, void *arg) {
  auto *out = static_cast<std::FILE *>(arg);
  char exe[PATH_MAX];
  const char *path = info->dlpi_name;
  if (!path || !*path) {
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
      return 0;
    exe[n] = 0;
    path = exe;
  }
  if (*path != '/')
    return 0; // the vDSO
  for (unsigned i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_LOAD || !(ph.p_flags & PF_X))
      continue;
    std::uintptr_t lo = info->dlpi_addr + ph.p_vaddr;
    std::fprintf(out, "object 0x%zx 0x%zx 0x%zx 0x%zx %s\n", std::size_t(lo),
                 std::size_t(lo + ph.p_memsz), std::size_t(info->dlpi_addr),
                 std::size_t(ph.p_offset), path);
  }
  return 0;
}

/// \p pattern with "%p" as the process id.
bool expand(const char *pattern, char *out, std::size_t cap) {
  std::size_t n = 0;
  for (const char *c = pattern; *c; ++c) {
    if (c[0] == '%' && c[1] == 'p') {
      int w = std::snprintf(out + n, cap - n, "%d", int(getpid()));
      if (w < 0 || std::size_t(w) >= cap - n)
        return false;
      n += std::size_t(w);
      ++c;
      continue;
    }
    if (n + 1 >= cap)
      return false;
    out[n++] = *c;
  }
  out[n] = 0;
  return true;
}

/// Writes the profile. The loaded objects are listed before the table's
/// lock is taken: dl_iterate_phdr takes the loader's lock, which a thread
/// in dlopen holds while it allocates, and may sample.
void write_body(std::FILE *out) {
  std::fprintf(out, "sizespec-profile v=1\nrate %llu\nmode %s\npid %d\n",
               static_cast<unsigned long long>(g_rate), g_profile_mode_name,
               int(getpid()));
  if (g_profile_mode != Mode::active) {
    std::fprintf(out,
                 "none the runtime stands aside (%s): no allocation reaches "
                 "it, so none is sampled\n",
                 g_reason);
  } else {
    dl_iterate_phdr(write_object, out);
    LockGuard g(g_lock);
    const Table &tb = g_table;
    for (std::size_t i = 0; i < kEntries; ++i) {
      const Entry &e = tb.entries[i];
      if (!e.hash)
        continue;
      std::fprintf(out, "sample %llu %llu %llu %u %s %s",
                   static_cast<unsigned long long>(e.count),
                   static_cast<unsigned long long>(e.unit),
                   static_cast<unsigned long long>(e.size), e.size_class,
                   kKindNames[unsigned(e.kind)],
                   e.generic ? "generic" : "specialized");
      for (unsigned d = 0; d < e.depth; ++d)
        std::fprintf(out, " 0x%zx", std::size_t(tb.pool[e.frames + d]));
      std::fputc('\n', out);
    }
    std::fprintf(out, "samples %llu\ndropped %llu\n",
                 static_cast<unsigned long long>(tb.samples),
                 static_cast<unsigned long long>(tb.dropped));
  }
  std::fputs("end\n", out);
}

void write_at_exit() { profile_write(nullptr); }

/// A number from 1 to 2^40 in \p name, into \p out; anything else is
/// reported and ignored.
void read_number(const char *name, const char *what, std::uint64_t &out) {
  const char *v = std::getenv(name);
  if (!v || !*v)
    return;
  char *end = nullptr;
  errno = 0;
  unsigned long long r = std::strtoull(v, &end, 10);
  if (*v < '0' || *v > '9' || *end || errno || r < 1 || r > (1ull << 40)) {
    std::fprintf(stderr,
                 "sizespec: ignoring %s=%s: not %s from 1 to 2^40; it stays "
                 "%llu\n",
                 name, v, what, static_cast<unsigned long long>(out));
    return;
  }
  out = r;
}

/// The range of the runtime's own executable code.
int find_self(dl_phdr_info *info, std::size_t, void *arg) {
  auto self = reinterpret_cast<std::uintptr_t>(arg);
  for (unsigned i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &ph = info->dlpi_phdr[i];
    std::uintptr_t lo = info->dlpi_addr + ph.p_vaddr;
    if (ph.p_type == PT_LOAD && self >= lo && self < lo + ph.p_memsz) {
      g_self_lo = lo;
      g_self_hi = lo + ph.p_memsz;
      return 1;
    }
  }
  return 0;
}

} // namespace

void profile_init(Mode mode, const char *mode_name,
                  const char *reason) noexcept {
  const char *path = std::getenv("SIZESPEC_PROFILE");
  if (!path || !*path)
    return;
  if (std::strlen(path) >= sizeof g_path) {
    std::fprintf(stderr, "sizespec: SIZESPEC_PROFILE is too long a path; no "
                         "profile is taken\n");
    return;
  }
  std::strcpy(g_path, path);
  g_profile_mode = mode;
  g_profile_mode_name = mode_name;
  std::snprintf(g_reason, sizeof g_reason, "%s", reason ? reason : "");
  read_number("SIZESPEC_PROFILE_RATE", "a number of bytes", g_rate);
  read_number("SIZESPEC_PROFILE_SEED", "a number", g_seed);
  if (mode == Mode::active) {
    g_table.entries =
        static_cast<Entry *>(platform::map(kEntries * sizeof(Entry)));
    g_table.pool = static_cast<std::uintptr_t *>(
        platform::map(kPoolFrames * sizeof(std::uintptr_t)));
    if (!g_table.entries || !g_table.pool) {
      std::fprintf(stderr, "sizespec: no memory for the profile's table; no "
                           "profile is taken\n");
      return;
    }
    dl_iterate_phdr(find_self, reinterpret_cast<void *>(&profile_init));
    g_profile_on = true;
  }
  std::atexit(write_at_exit);
}

std::uint32_t profile_refill(ProfileThread &t, unsigned b, std::uint32_t len,
                             std::size_t size, bool generic) noexcept {
  make_ready(t);
  ++t.refills;
  const std::int64_t unit = std::int64_t(class_size(bin_class(b)));
  // Every object the last refill let the fast path pop is gone, and this
  // allocation takes one more.
  t.until[b] -= (std::int64_t(t.handed[b]) + 1) * unit;
  const bool sampled = t.until[b] <= 0;
  if (sampled)
    t.until[b] = draw(t);
  // Allocation n from here crosses the next point: the list holds n - 1.
  const auto room = std::uint64_t((t.until[b] + unit - 1) / unit - 1);
  std::uint32_t keep = len - 1;
  if (room < keep)
    keep = static_cast<std::uint32_t>(room);
  t.handed[b] = keep;
  if (sampled)
    record(std::uint64_t(unit), size, bin_class(b),
           bin_scan(b) ? Kind::scan : Kind::noscan, generic);
  return keep + 1;
}

void profile_tiny(ProfileThread &t, std::size_t size, bool generic) noexcept {
  make_ready(t);
  t.until_tiny -= std::int64_t(detail::kTinyBlock);
  if (t.until_tiny > 0)
    return;
  t.until_tiny = draw(t);
  record(detail::kTinyBlock, size, class_of(size), Kind::tiny, generic);
}

void profile_large(ProfileThread &t, std::size_t size) noexcept {
  make_ready(t);
  t.until_large -= std::int64_t(size);
  if (t.until_large > 0)
    return;
  t.until_large = draw(t);
  record(size, size, 0, Kind::large, /*generic=*/true);
}

bool profile_write(const char *path) noexcept {
  if (!path)
    path = g_path;
  if (!*path)
    return false;
  char file[PATH_MAX], temp[PATH_MAX + 16];
  if (!expand(path, file, sizeof file) ||
      std::snprintf(temp, sizeof temp, "%s.%d.tmp", file, int(getpid())) >=
          int(sizeof temp))
    return false;
  // A temporary file renamed over the profile: a reader never sees half.
  std::FILE *out = std::fopen(temp, "w");
  if (!out)
    return false;
  write_body(out);
  bool ok = std::fflush(out) == 0 && !std::ferror(out);
  ok = std::fclose(out) == 0 && ok;
  if (ok && std::rename(temp, file) == 0)
    return true;
  std::remove(temp);
  return false;
}

void profile_before_fork() noexcept { g_lock.lock(); }
void profile_after_fork() noexcept { g_lock.unlock(); }

} // namespace sizespec
