//===- tlb_model.cc - Pages, DTLBs and L1d of a lackey memory trace -------===//
//
// Reads the memory trace `valgrind --tool=lackey --trace-mem=yes` writes
// and replays its data accesses (loads, stores, modifies) through a model
// of what valgrind's cache models leave out: an L1 DTLB and an L2 (second
// level, shared) TLB, set-associative and LRU, over pages of one size; and,
// so that one run gives the pair of figures, an L1d like
// cachegrind's (read misses counted as cachegrind counts them: loads and
// modifies). Instruction fetches are skipped.
//
// An L2 TLB miss is a page walk. How long a walk is depends on where the
// pages are: the core keeps the upper levels' entries in paging-structure
// caches (a PDE cache by 2 MiB region, a PDPTE cache by 1 GiB region), so
// a page near recently walked ones costs one read (its PTE) and a page in
// a region not walked lately two or three. Under a hypervisor each of
// those reads is itself translated. The model counts the reads
// ("walk reads"), so that memory spread over many regions shows even when
// the TLB misses are alike.
//
// Prints each count and its rate per million data accesses, plus the pages
// touched: distinct pages in the whole run, and the mean distinct pages
// per window of a million data accesses (the working set the TLB has to
// cover). `--regions=N` adds the N address regions (2^--region-shift bytes)
// with the most L1 DTLB misses, with each one's L1d read misses. `--json`
// prints the same as one line of JSON for bench/tools/tlb.
//
// The defaults are this machine's core, an AMD EPYC of family 1Ah (Zen 5)
// as its cpuid reports it: a 96-entry fully associative L1 DTLB and a
// 48 KiB 12-way L1d of 64-byte lines. Its cpuid says 128 entries for the
// L2 TLB, which is the hypervisor's word; the default is AMD's figure for
// the core, 4096 entries, taken as 16-way. The paging-structure caches,
// which cpuid does not describe, are taken as 32 PDE and 4 PDPTE entries
// (PML4 entries always cached). Pages are 4 KiB.
//
//===----------------------------------------------------------------------===//

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

using namespace llvm;

static cl::OptionCategory ModelCategory("Model options");
static cl::opt<unsigned> L1Entries("l1-entries", cl::init(96),
                                   cl::desc("L1 DTLB entries"),
                                   cl::cat(ModelCategory));
static cl::opt<unsigned> L1Ways("l1-ways", cl::init(96),
                                cl::desc("L1 DTLB associativity"),
                                cl::cat(ModelCategory));
static cl::opt<unsigned> L2Entries("l2-entries", cl::init(4096),
                                   cl::desc("L2 TLB entries"),
                                   cl::cat(ModelCategory));
static cl::opt<unsigned> L2Ways("l2-ways", cl::init(16),
                                cl::desc("L2 TLB associativity"),
                                cl::cat(ModelCategory));
static cl::opt<unsigned> PdeEntries("pde-entries", cl::init(32),
                                    cl::desc("PDE cache entries (fully "
                                             "associative)"),
                                    cl::cat(ModelCategory));
static cl::opt<unsigned> PdpteEntries("pdpte-entries", cl::init(4),
                                      cl::desc("PDPTE cache entries (fully "
                                               "associative)"),
                                      cl::cat(ModelCategory));
static cl::opt<unsigned> PageBytes("page", cl::init(4096),
                                   cl::desc("page size in bytes (4096; "
                                            "2097152 models huge pages)"),
                                   cl::cat(ModelCategory));
static cl::opt<unsigned> L1dBytes("l1d-bytes", cl::init(49152),
                                  cl::desc("L1d size in bytes"),
                                  cl::cat(ModelCategory));
static cl::opt<unsigned> L1dWays("l1d-ways", cl::init(12),
                                 cl::desc("L1d associativity"),
                                 cl::cat(ModelCategory));
static cl::opt<unsigned> LineBytes("line", cl::init(64),
                                   cl::desc("cache line size in bytes"),
                                   cl::cat(ModelCategory));
static cl::opt<unsigned> Regions("regions", cl::init(0),
                                 cl::desc("list the N regions with the most "
                                          "L1 DTLB misses"),
                                 cl::cat(ModelCategory));
static cl::opt<unsigned> RegionShift("region-shift", cl::init(30),
                                     cl::desc("a region is 2^N bytes (30)"),
                                     cl::cat(ModelCategory));
static cl::opt<bool> Json("json", cl::desc("print one line of JSON"),
                          cl::cat(ModelCategory));

namespace {

/// Accesses in one window of the working-set figure.
constexpr std::uint64_t WindowAccesses = 1000000;

/// Ways of a set-associative cache, and entries of a fully associative one.
constexpr unsigned MaxWays = 128;
/// Paging levels: a 4 KiB page's walk reads a PTE, a PDE and a PDPTE
/// (PML4 entries are taken as cached); a 2 MiB page's ends at its PDE.
constexpr unsigned PdeShift = 21, PdpteShift = 30;

/// A set-associative LRU cache of tags (page or line numbers). Each set
/// keeps its tags most recent first; sets are small (at most MaxWays), so
/// moving a hit to the front is a short shift.
class LruCache {
public:
  LruCache(unsigned Entries, unsigned Ways)
      : Sets(Entries / Ways), Ways(Ways),
        Tags(static_cast<std::size_t>(Sets) * Ways, Empty) {}

  /// Looks \p Tag up, and fills it on a miss; true on a hit.
  bool access(std::uint64_t Tag) {
    std::uint64_t *Set = &Tags[(Tag % Sets) * Ways];
    unsigned I = 0;
    while (I < Ways && Set[I] != Tag)
      ++I;
    bool Hit = I < Ways;
    if (!Hit)
      I = Ways - 1; // the least recent goes
    for (; I > 0; --I)
      Set[I] = Set[I - 1];
    Set[0] = Tag;
    return Hit;
  }

private:
  static constexpr std::uint64_t Empty = ~std::uint64_t(0);
  unsigned Sets;
  unsigned Ways;
  std::vector<std::uint64_t> Tags;
};

/// What one region's accesses cost.
struct RegionCounts {
  std::uint64_t L1TlbMisses = 0;
  std::uint64_t L2TlbMisses = 0;
  std::uint64_t WalkReads = 0;
  std::uint64_t L1dReadMisses = 0;
  std::uint64_t Pages = 0;
};

struct Counts {
  std::uint64_t Accesses = 0;
  std::uint64_t L1TlbMisses = 0;
  std::uint64_t L2TlbMisses = 0;
  std::uint64_t WalkReads = 0;
  std::uint64_t L1dReads = 0;
  std::uint64_t L1dReadMisses = 0;
  std::uint64_t L1dWriteMisses = 0;
  std::uint64_t Windows = 0;
  std::uint64_t WindowPagesSum = 0;
};

class Model {
public:
  Model()
      : L1Tlb(L1Entries, L1Ways), L2Tlb(L2Entries, L2Ways),
        Pde(PdeEntries, PdeEntries), Pdpte(PdpteEntries, PdpteEntries),
        L1d(L1dBytes / LineBytes, L1dWays), PageShift(Log2_32(PageBytes)),
        LineShift(Log2_32(LineBytes)) {}

  /// One data access of \p Size bytes at \p Addr; \p Read for a load or a
  /// modify, as cachegrind counts reads.
  void access(std::uint64_t Addr, unsigned Size, bool Read) {
    ++C.Accesses;
    std::uint64_t Last = Addr + (Size ? Size - 1 : 0);
    for (std::uint64_t P = Addr >> PageShift; P <= Last >> PageShift; ++P)
      translate(P);
    for (std::uint64_t L = Addr >> LineShift; L <= Last >> LineShift; ++L) {
      bool Hit = L1d.access(L);
      if (Read) {
        ++C.L1dReads;
        C.L1dReadMisses += !Hit;
        if (Regions && !Hit)
          ++ByRegion[(L << LineShift) >> RegionShift].L1dReadMisses;
      } else {
        C.L1dWriteMisses += !Hit;
      }
    }
    if (C.Accesses % WindowAccesses == 0)
      endWindow();
  }

  void finish() {
    if (C.Accesses % WindowAccesses != 0 && C.Windows == 0)
      endWindow(); // a trace shorter than one window
  }

  const Counts &counts() const { return C; }
  std::size_t pagesTouched() const { return AllPages.size(); }

  /// The regions with the most L1 DTLB misses, most first.
  std::vector<std::pair<std::uint64_t, RegionCounts>> topRegions() const {
    std::vector<std::pair<std::uint64_t, RegionCounts>> V(ByRegion.begin(),
                                                          ByRegion.end());
    std::sort(V.begin(), V.end(), [](const auto &A, const auto &B) {
      return A.second.L1TlbMisses != B.second.L1TlbMisses
                 ? A.second.L1TlbMisses > B.second.L1TlbMisses
                 : A.first < B.first;
    });
    if (V.size() > Regions)
      V.resize(Regions);
    return V;
  }

private:
  void translate(std::uint64_t Page) {
    std::uint64_t Addr = Page << PageShift;
    bool New = AllPages.insert(Page).second;
    WindowPages.insert(Page);
    if (L1Tlb.access(Page))
      return;
    ++C.L1TlbMisses;
    RegionCounts *R = Regions ? &ByRegion[Addr >> RegionShift] : nullptr;
    if (R) {
      ++R->L1TlbMisses;
      R->Pages += New;
    }
    if (L2Tlb.access(Page))
      return;
    ++C.L2TlbMisses;
    std::uint64_t Reads = walk(Addr);
    C.WalkReads += Reads;
    if (R) {
      ++R->L2TlbMisses;
      R->WalkReads += Reads;
    }
  }

  /// The page-table entries a walk to \p Addr reads: the leaf, and each
  /// level above whose entry the paging-structure caches do not hold.
  std::uint64_t walk(std::uint64_t Addr) {
    std::uint64_t Reads = 1;
    if (PageShift < PdeShift) {
      if (Pde.access(Addr >> PdeShift))
        return Reads;
      ++Reads; // the PDE
    }
    if (!Pdpte.access(Addr >> PdpteShift))
      ++Reads; // the PDPTE
    return Reads;
  }

  void endWindow() {
    ++C.Windows;
    C.WindowPagesSum += WindowPages.size();
    WindowPages.clear();
  }

  LruCache L1Tlb, L2Tlb, Pde, Pdpte, L1d;
  unsigned PageShift, LineShift;
  Counts C;
  std::unordered_set<std::uint64_t> AllPages, WindowPages;
  std::unordered_map<std::uint64_t, RegionCounts> ByRegion;
};

/// Parses one lackey line: " L addr,size", " S ...", " M ..." are data
/// accesses; "I ..." (a fetch) and valgrind's own "==pid==" lines are
/// not. Returns false for anything but a data access.
bool parseAccess(const char *Line, std::uint64_t &Addr, unsigned &Size,
                 bool &Read) {
  if (Line[0] != ' ' || Line[2] != ' ')
    return false;
  char Kind = Line[1];
  if (Kind != 'L' && Kind != 'S' && Kind != 'M')
    return false;
  Read = Kind != 'S';
  const char *P = Line + 3;
  Addr = 0;
  for (;; ++P) {
    unsigned D;
    if (*P >= '0' && *P <= '9')
      D = *P - '0';
    else if (*P >= 'a' && *P <= 'f')
      D = *P - 'a' + 10;
    else if (*P >= 'A' && *P <= 'F')
      D = *P - 'A' + 10;
    else
      break;
    Addr = Addr << 4 | D;
  }
  if (*P++ != ',')
    return false;
  Size = 0;
  for (; *P >= '0' && *P <= '9'; ++P)
    Size = Size * 10 + (*P - '0');
  return true;
}

double perMillion(std::uint64_t N, std::uint64_t Accesses) {
  return Accesses ? 1e6 * double(N) / double(Accesses) : 0.0;
}

void printText(const Model &M) {
  const Counts &C = M.counts();
  auto Row = [&](const char *Name, std::uint64_t N) {
    outs() << format("%-22s %14llu %12.1f\n", Name, (unsigned long long)N,
                     perMillion(N, C.Accesses));
  };
  auto Count = [](const char *Name, std::uint64_t N) {
    outs() << format("%-22s %14llu\n", Name, (unsigned long long)N);
  };
  outs() << format("%-22s %14s %12s\n", (const char *)"", (const char *)"count",
                   (const char *)"per M");
  Count("data accesses", C.Accesses);
  Row("L1 DTLB misses", C.L1TlbMisses);
  Row("L2 TLB misses", C.L2TlbMisses);
  Row("walk reads", C.WalkReads);
  Row("L1d read misses", C.L1dReadMisses);
  Row("L1d write misses", C.L1dWriteMisses);
  Count("pages touched", M.pagesTouched());
  outs() << format("%-22s %14.1f\n", (const char *)"pages per M accesses",
                   C.Windows ? double(C.WindowPagesSum) / C.Windows : 0.0);
  auto Top = M.topRegions();
  if (Top.empty())
    return;
  outs() << format("\n%-18s %12s %12s %12s %12s %8s\n", (const char *)"region",
                   (const char *)"L1 DTLB", (const char *)"L2 TLB",
                   (const char *)"walk reads", (const char *)"L1d r-miss",
                   (const char *)"pages");
  for (const auto &[Base, R] : Top)
    outs() << format(
        "0x%016llx %12llu %12llu %12llu %12llu %8llu\n",
        (unsigned long long)(Base << RegionShift),
        (unsigned long long)R.L1TlbMisses, (unsigned long long)R.L2TlbMisses,
        (unsigned long long)R.WalkReads, (unsigned long long)R.L1dReadMisses,
        (unsigned long long)R.Pages);
}

void printJson(const Model &M) {
  const Counts &C = M.counts();
  json::Array Top;
  for (const auto &[Base, R] : M.topRegions())
    Top.push_back(json::Object{{"base", int64_t(Base << RegionShift)},
                               {"l1_dtlb_misses", int64_t(R.L1TlbMisses)},
                               {"l2_tlb_misses", int64_t(R.L2TlbMisses)},
                               {"walk_reads", int64_t(R.WalkReads)},
                               {"l1d_read_misses", int64_t(R.L1dReadMisses)},
                               {"pages", int64_t(R.Pages)}});
  json::Object O{
      {"data_accesses", int64_t(C.Accesses)},
      {"l1_dtlb_misses", int64_t(C.L1TlbMisses)},
      {"l2_tlb_misses", int64_t(C.L2TlbMisses)},
      {"walk_reads", int64_t(C.WalkReads)},
      {"regions", std::move(Top)},
      {"l1d_reads", int64_t(C.L1dReads)},
      {"l1d_read_misses", int64_t(C.L1dReadMisses)},
      {"l1d_write_misses", int64_t(C.L1dWriteMisses)},
      {"pages_touched", int64_t(M.pagesTouched())},
      {"pages_per_million",
       C.Windows ? double(C.WindowPagesSum) / C.Windows : 0.0},
      {"page_bytes", int64_t(PageBytes)},
  };
  outs() << json::Value(std::move(O)) << "\n";
}

bool validGeometry() {
  auto Bad = [](const char *What) {
    errs() << "sizespec-tlb-model: " << What << "\n";
    return false;
  };
  if (!isPowerOf2_32(PageBytes) || !isPowerOf2_32(LineBytes))
    return Bad("--page and --line must be powers of two");
  for (unsigned Ways : {unsigned(L1Ways), unsigned(L2Ways), unsigned(L1dWays),
                        unsigned(PdeEntries), unsigned(PdpteEntries)})
    if (Ways == 0 || Ways > MaxWays)
      return Bad("associativity (and paging-structure cache entries) must "
                 "be 1 to 128");
  if (RegionShift < 12 || RegionShift > 47)
    return Bad("--region-shift must be 12 to 47");
  if (L1Entries % L1Ways || L2Entries % L2Ways ||
      (L1dBytes / LineBytes) % L1dWays || L1Entries < L1Ways ||
      L2Entries < L2Ways || L1dBytes / LineBytes < L1dWays)
    return Bad("entries (and L1d lines) must be a multiple of the ways");
  return true;
}

} // namespace

int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(ModelCategory);
  cl::ParseCommandLineOptions(
      argc, argv,
      "Replays a lackey memory trace (stdin) through DTLB and L1d models\n\n"
      "  valgrind --tool=lackey --trace-mem=yes --log-fd=3 PROGRAM 3>&1 "
      ">/dev/null \\\n    | sizespec-tlb-model\n");
  if (!validGeometry())
    return 2;
  Model M;
  std::setvbuf(stdin, nullptr, _IOFBF, 1 << 20);
  char Line[256];
  while (std::fgets(Line, sizeof Line, stdin)) {
    std::uint64_t Addr;
    unsigned Size;
    bool Read;
    if (parseAccess(Line, Addr, Size, Read))
      M.access(Addr, Size, Read);
  }
  if (std::ferror(stdin)) {
    errs() << "sizespec-tlb-model: error reading the trace\n";
    return 1;
  }
  M.finish();
  if (M.counts().Accesses == 0) {
    errs() << "sizespec-tlb-model: no data access in the input (is it "
              "`valgrind --tool=lackey --trace-mem=yes` output?)\n";
    return 1;
  }
  if (Json)
    printJson(M);
  else
    printText(M);
  return 0;
}
