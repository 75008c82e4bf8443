#!/usr/bin/env python3
"""A random C++ program that checks itself, for differential testing.

Usage: gen.py SEED [--std c++17] [--no-throw] [--replace FORM] > program.cpp

The same seed and options always give the same program. It declares random
types (scalars, arrays, pointers, references, pointers to members, strings,
vectors, smart pointers, bit-fields, unions, enums, empty and virtual
bases, virtual functions, alignas, class-specific operator new) and
allocation sites of every form the plugin handles (new, new[] with constant
and run-time counts, nothrow, ::new, placement new, make_unique,
make_shared, allocate_shared, containers) in functions, lambdas, templates
instantiated with several types, a static initializer, a constexpr function
(C++20) and two threads; some constructors throw on a chosen construction.
Every site checks values, alignment and distinct live addresses, and prints
one deterministic line; main prints the constructor, destructor and
class-operator counts. No address is ever printed, so a transcript is the
same under every allocator and build.

main() calls each site on a line of its own (`  site_N();`), which the
driver's minimizer removes one by one.
"""
import argparse
import random

STDS = ["c++11", "c++14", "c++17", "c++20", "c++23"]

# --replace: the global operator new the program replaces (over malloc, as a
# counting test suite does), which makes the runtime stand aside: every
# specialized and rewritten site must then call the form its new-expression
# would, and an over-aligned type must still get its alignment.
THROW = ("#if defined(__cpp_exceptions)\n  throw std::bad_alloc();\n"
         "#else\n  std::abort();\n#endif")
REPLACEMENTS = {
    "none": [],
    "plain": [
        "void *operator new(std::size_t n) {",
        "  if (void *p = std::malloc(n ? n : 1)) return p;", THROW, "}",
        "void operator delete(void *p) noexcept { std::free(p); }",
        "void operator delete(void *p, std::size_t) noexcept { std::free(p); }"],
    "nothrow": [
        "void *operator new(std::size_t n, const std::nothrow_t &) noexcept {",
        "  return std::malloc(n ? n : 1);", "}"],
    "array": [
        "void *operator new[](std::size_t n) {",
        "  if (void *p = std::malloc(n ? n : 1)) return p;", THROW, "}",
        "void operator delete[](void *p) noexcept { std::free(p); }",
        "void operator delete[](void *p, std::size_t) noexcept { std::free(p); }"],
    "nothrow-array": [
        "void *operator new[](std::size_t n, const std::nothrow_t &) noexcept {",
        "  return std::malloc(n ? n : 1);", "}"],
}


def std_at_least(std, v):
    return STDS.index(std) >= STDS.index(v)


class Type:
    def __init__(self, name):
        self.name = name
        self.fields = []      # (decl, init_stmt(k), check_expr(k), sum_expr)
        self.copyable = True
        self.align = None
        self.class_new = False
        self.virtual = False
        self.base = None


class Gen:
    def __init__(self, seed, std, throws, replace="none"):
        self.r = random.Random(seed)
        self.std = std
        self.throws = throws
        self.replace = replace
        self.types = []
        self.sites = []
        self.lines = []

    def pick(self, xs):
        return self.r.choice(xs)

    # --- types ----------------------------------------------------------

    def field(self, t, i):
        r = self.r
        n = "f%d" % i
        kinds = ["int", "long", "char", "double", "u8", "ptr", "ref",
                 "memptr", "array", "union", "enum", "bits", "string",
                 "vector", "shared", "unique", "nullptr"]
        kind = self.pick(kinds)
        c = r.randint(1, 90)
        if kind == "int":
            return ("int %s;" % n, "%s = k + %d;" % (n, c),
                    "%s == k + %d" % (n, c), "%s" % n)
        if kind == "long":
            return ("long %s;" % n, "%s = 1000L * k + %d;" % (n, c),
                    "%s == 1000L * k + %d" % (n, c), "%s" % n)
        if kind == "char":
            return ("char %s;" % n, "%s = static_cast<char>('a' + k %% 26);" % n,
                    "%s == static_cast<char>('a' + k %% 26)" % n, "%s" % n)
        if kind == "double":
            return ("double %s;" % n, "%s = k * 0.5 + %d;" % (n, c),
                    "%s == k * 0.5 + %d" % (n, c), "static_cast<long>(%s * 2)" % n)
        if kind == "u8":
            return ("std::uint8_t %s;" % n,
                    "%s = static_cast<std::uint8_t>(k * %d);" % (n, c),
                    "%s == static_cast<std::uint8_t>(k * %d)" % (n, c), "%s" % n)
        if kind == "ptr":
            return ("int *%s;" % n, "%s = &g_ints[k %% 8];" % n,
                    "%s == &g_ints[k %% 8] && *%s == k %% 8" % (n, n),
                    "*%s" % n)
        if kind == "ref":
            t.copyable = False  # no assignment with a reference member
            return ("int &%s = g_ints[3];" % n, "",
                    "&%s == &g_ints[3]" % n, "%s" % n)
        if kind == "memptr":
            return ("long %s::*%s;" % (t.name, n), "%s = &%s::tag;" % (n, t.name),
                    "%s == &%s::tag" % (n, t.name), "0")
        if kind == "array":
            m = r.randint(1, 6)
            return ("int %s[%d];" % (n, m),
                    "for (int i = 0; i < %d; ++i) %s[i] = k * i;" % (m, n),
                    "%s[%d] == k * %d" % (n, m - 1, m - 1), "%s[0]" % n)
        if kind == "union":
            return ("union { int i; float f; } %s;" % n, "%s.i = k * 3;" % n,
                    "%s.i == k * 3" % n, "%s.i" % n)
        if kind == "enum":
            return ("enum class E%s : short { A, B, C } %s;" % (n, n),
                    "%s = k %% 2 ? E%s::B : E%s::C;" % (n, n, n),
                    "%s == (k %% 2 ? E%s::B : E%s::C)" % (n, n, n),
                    "static_cast<int>(%s)" % n)
        if kind == "bits":
            return ("unsigned %s : 5;" % n, "%s = static_cast<unsigned>(k) & 31u;" % n,
                    "%s == (static_cast<unsigned>(k) & 31u)" % n, "%s" % n)
        if kind == "string":
            return ("std::string %s;" % n, "%s = std::string(%d, 'x') + std::to_string(k);" % (n, r.randint(0, 30)),
                    "%s.size() > 0 && %s.back() == static_cast<char>('0' + k %% 10)" % (n, n),
                    "static_cast<long>(%s.size())" % n)
        if kind == "vector":
            return ("std::vector<int> %s;" % n, "%s.assign(%d, k);" % (n, r.randint(0, 9)),
                    "(%s.empty() || %s.back() == k)" % (n, n),
                    "static_cast<long>(%s.size())" % n)
        if kind == "shared":
            return ("std::shared_ptr<long> %s;" % n, "%s = std::make_shared<long>(k);" % n,
                    "%s && *%s == k" % (n, n), "*%s" % n)
        if kind == "unique":
            t.copyable = False
            return ("std::unique_ptr<int> %s;" % n, "%s.reset(new int(k + 1));" % n,
                    "%s && *%s == k + 1" % (n, n), "*%s" % n)
        return ("std::nullptr_t %s;" % n, "%s = nullptr;" % n, "%s == nullptr" % n, "0")

    def make_type(self, i):
        r = self.r
        t = Type("T%d" % i)
        if std_at_least(self.std, "c++17") and r.random() < 0.25:
            t.align = self.pick([16, 32, 64])
        t.virtual = r.random() < 0.25
        t.base = self.pick([None, None, "Empty", "VBase"])
        # A class operator new without an alignment parameter serves an
        # over-aligned type unaligned, by the standard: not both.
        t.class_new = t.align is None and r.random() < 0.15
        for f in range(r.randint(1, 5)):
            t.fields.append(self.field(t, f))
        return t

    def emit_type(self, t):
        al = "alignas(%d) " % t.align if t.align else ""
        base = ""
        if t.base == "Empty":
            base = " : Empty"
        elif t.base == "VBase":
            base = " : virtual VBase"
        out = ["struct %s%s%s {" % (al, t.name, base),
               "  long tag = 0;"]
        for decl, _, _, _ in t.fields:
            out.append("  " + decl)
        out.append("  %s() : %s(7) {}" % (t.name, t.name))
        inits = " ".join(i for _, i, _, _ in t.fields)
        throw = ("    if (++g_constructions == g_throw_at) throw Thrown{};\n"
                 if self.throws else "    ++g_constructions;\n")
        out.append("  explicit %s(int k) {\n%s    tag = k; %s\n    ++g_ctors;\n  }"
                   % (t.name, throw, inits))
        if not t.copyable:
            out.append("  %s(const %s &) = delete;" % (t.name, t.name))
        out.append("  %s~%s() { ++g_dtors; }" %
                   ("virtual " if t.virtual else "", t.name))
        checks = " && ".join(["tag == k"] + [c for _, _, c, _ in t.fields])
        out.append("  bool ok(int k) const { return %s; }" % checks)
        sums = " + ".join(["tag"] + ["static_cast<long>(%s)" % s
                                     for _, _, _, s in t.fields])
        out.append("  %slong sum() const { return %s; }" %
                   ("virtual " if t.virtual else "", sums))
        if t.class_new:
            out.append("  static void *operator new(std::size_t n) "
                       "{ ++g_class_news; return ::operator new(n); }")
            out.append("  static void operator delete(void *p) noexcept "
                       "{ ++g_class_deletes; ::operator delete(p); }")
            # It hides the global nothrow form, which a nothrow site needs.
            out.append("  static void *operator new(std::size_t n, const std::nothrow_t &) "
                       "noexcept { ++g_class_news; return ::operator new(n, std::nothrow); }")
        out.append("};")
        return out

    # --- sites ------------------------------------------------------------

    def site_body(self, j, t, ctx):
        """Statements that allocate, check and free; they set `sum`."""
        r = self.r
        T = t.name
        k = r.randint(1, 50)
        forms = ["new", "new_nothrow", "global_new", "array_const",
                 "array_runtime", "shared", "allocate_shared", "unique_ptr_new",
                 "many"]
        if not t.class_new:  # it hides the global placement form
            forms.append("placement")
        if std_at_least(self.std, "c++14"):
            forms.append("make_unique")
        if t.copyable:
            forms.append("vector")
        if self.throws:
            forms.append("throwing")
        form = self.pick(forms)
        A = "alignof(%s)" % T
        chk = ("  if (!aligned(p, %s) || !p->ok(%d)) fail(%d, \"%s\");\n"
               % (A, k, j, form))
        if form == "new":
            return ("  %s *p = new %s(%d);\n" % (T, T, k) + chk +
                    "  sum += p->sum();\n  delete p;\n")
        if form == "new_nothrow":
            return ("  %s *p = new (std::nothrow) %s(%d);\n" % (T, T, k) +
                    "  if (!p) {\n    fail(%d, \"nothrow null\");\n  } else {\n" % j +
                    chk + "  sum += p->sum();\n  delete p;\n  }\n")
        if form == "global_new":
            return ("  %s *p = ::new %s(%d);\n" % (T, T, k) + chk +
                    "  sum += p->sum();\n  p->~%s();\n  ::operator delete(p);\n" % T)
        if form == "placement":
            return ("  alignas(%s) unsigned char buf[sizeof(%s)];\n" % (T, T) +
                    "  %s *p = new (buf) %s(%d);\n" % (T, T, k) + chk +
                    "  sum += p->sum();\n  p->~%s();\n" % T)
        if form == "array_const":
            n = r.randint(0, 5)
            return ("  %s *a = new %s[%d];\n" % (T, T, n) +
                    "  if (!aligned(a, %s)) fail(%d, \"array align\");\n" % (A, j) +
                    "  for (int i = 0; i < %d; ++i) { if (!a[i].ok(7)) fail(%d, \"array\"); sum += a[i].sum(); }\n" % (n, j) +
                    "  delete[] a;\n")
        if form == "array_runtime":
            n = r.randint(0, 7)
            return ("  volatile int n = %d;\n" % n +
                    "  %s *a = new %s[n];\n" % (T, T) +
                    "  if (!aligned(a, %s)) fail(%d, \"array align\");\n" % (A, j) +
                    "  for (int i = 0; i < n; ++i) { if (!a[i].ok(7)) fail(%d, \"array\"); sum += a[i].sum(); }\n" % j +
                    "  delete[] a;\n")
        if form == "shared":
            return ("  auto s = std::make_shared<%s>(%d);\n" % (T, k) +
                    "  %s *p = s.get();\n" % T + chk + "  sum += p->sum();\n")
        if form == "allocate_shared":
            return ("  auto s = std::allocate_shared<%s>(std::allocator<%s>(), %d);\n" % (T, T, k) +
                    "  %s *p = s.get();\n" % T + chk + "  sum += p->sum();\n")
        if form == "unique_ptr_new":
            return ("  std::unique_ptr<%s> u(new %s(%d));\n" % (T, T, k) +
                    "  %s *p = u.get();\n" % T + chk + "  sum += p->sum();\n")
        if form == "make_unique":
            return ("  auto u = std::make_unique<%s>(%d);\n" % (T, k) +
                    "  %s *p = u.get();\n" % T + chk + "  sum += p->sum();\n")
        if form == "vector":
            n = r.randint(1, 9)
            return ("  std::vector<%s> v;\n" % T +
                    "  for (int i = 0; i < %d; ++i) v.emplace_back(%d);\n" % (n, k) +
                    "  for (const %s &e : v) { if (!e.ok(%d)) fail(%d, \"vector\"); sum += e.sum(); }\n" % (T, k, j))
        if form == "many":
            n = r.randint(2, 12)
            return ("  %s *ps[%d];\n" % (T, n) +
                    "  for (int i = 0; i < %d; ++i) { ps[i] = new %s(%d + i); if (!aligned(ps[i], %s)) fail(%d, \"align\"); }\n" % (n, T, k, A, j) +
                    "  for (int i = 0; i < %d; ++i) for (int m = 0; m < i; ++m) if (ps[i] == ps[m]) fail(%d, \"same address\");\n" % (n, j) +
                    "  for (int i = %d - 1; i >= 0; --i) { if (!ps[i]->ok(%d + i)) fail(%d, \"many\"); sum += ps[i]->sum(); delete ps[i]; }\n" % (n, k, j))
        # throwing: construct several; one throws
        n = r.randint(2, 5)
        at = r.randint(1, n)
        return ("  g_throw_at = g_constructions + %d;\n" % at +
                "  for (int i = 0; i < %d; ++i) {\n" % n +
                "    try {\n      %s *p = new %s(%d);\n" % (T, T, k) +
                "      sum += p->sum();\n      delete p;\n" +
                "    } catch (const Thrown &) { ++g_caught; }\n  }\n" +
                "  g_throw_at = -1;\n")

    def make_site(self, j):
        r = self.r
        t = self.pick(self.types)
        ctx = self.pick(["function", "function", "lambda", "template"])
        body = self.site_body(j, t, ctx)
        out = []
        if ctx == "template":
            u = self.pick(self.types)
            out.append("template <class U> long site_%d_t(long sum) {\n%s  return sum + static_cast<long>(sizeof(U));\n}"
                       % (j, body))
            out.append("void site_%d() {\n  long sum = site_%d_t<%s>(0) + site_%d_t<%s>(0);\n"
                       "  std::printf(\"site %d: sum %%ld\\n\", sum);\n}"
                       % (j, j, t.name, j, u.name, j))
        elif ctx == "lambda":
            out.append("void site_%d() {\n  long sum = 0;\n  [&] {\n%s  }();\n"
                       "  std::printf(\"site %d: sum %%ld\\n\", sum);\n}" % (j, body, j))
        else:
            out.append("void site_%d() {\n  long sum = 0;\n%s"
                       "  std::printf(\"site %d: sum %%ld\\n\", sum);\n}" % (j, body, j))
        return out

    def program(self):
        r = self.r
        for i in range(r.randint(2, 6)):
            self.types.append(self.make_type(i))
        # A replaced operator new is tried with an over-aligned type (C++17:
        # aligned new), chosen without a draw so the rest stays the same.
        if (self.replace != "none" and std_at_least(self.std, "c++17") and
                not any(t.align for t in self.types)):
            plain = [t for t in self.types if not t.class_new]
            if plain:
                plain[0].align = 32
        L = ["// generated by test/generator/gen.py",
             "#include <atomic>", "#include <cstddef>", "#include <cstdint>",
             "#include <cstdio>", "#include <cstdlib>", "#include <memory>",
             "#include <new>", "#include <string>", "#include <thread>",
             "#include <vector>", "",
             "static int g_ints[8] = {0, 1, 2, 3, 4, 5, 6, 7};",
             "static std::atomic<long> g_ctors{0}, g_dtors{0}, g_class_news{0}, g_class_deletes{0};",
             "static std::atomic<long> g_constructions{0};",
             "static long g_throw_at = -1, g_caught = 0;",
             "static int g_failures = 0;"] + REPLACEMENTS[self.replace] + [
             "struct Thrown {};",
             "struct Empty {};",
             "struct VBase { long vb = 5; };",
             "template <class P> bool aligned(const P *p, std::size_t a) {",
             "  return reinterpret_cast<std::uintptr_t>(p) % a == 0;",
             "}",
             "static void fail(int site, const char *what) {",
             "  std::printf(\"site %d: FAIL %s\\n\", site, what);",
             "  ++g_failures;",
             "}", ""]
        for t in self.types:
            L += self.emit_type(t)
            L.append("")
        nsites = r.randint(4, 14)
        for j in range(nsites):
            L += self.make_site(j)
            L.append("")
        # A static initializer, a constexpr new (C++20), two threads.
        t = self.pick(self.types)
        L.append("static %s *g_static = new %s(11);" % (t.name, t.name))
        L.append("void site_static() {")
        L.append("  if (!aligned(g_static, alignof(%s)) || !g_static->ok(11)) fail(-1, \"static\");" % t.name)
        L.append("  std::printf(\"static: sum %ld\\n\", g_static->sum());")
        L.append("  delete g_static;")
        L.append("}")
        if std_at_least(self.std, "c++20"):
            L.append("constexpr int constexpr_new(int v) { int *p = new int(v); int r = *p * 2; delete p; return r; }")
            L.append("static_assert(constexpr_new(21) == 42, \"constant evaluation\");")
        t = self.pick(self.types)
        L.append("void site_threads() {")
        L.append("  std::atomic<long> total{0};")
        L.append("  auto work = [&](int base) {")
        L.append("    long s = 0;")
        L.append("    for (int i = 0; i < 200; ++i) { %s *p = new %s(base + i %% 40); if (!p->ok(base + i %% 40)) s -= 1000000; s += p->sum(); delete p; }" % (t.name, t.name))
        L.append("    total += s;")
        L.append("  };")
        L.append("  std::thread a(work, 1), b(work, 2);")
        L.append("  a.join();")
        L.append("  b.join();")
        L.append("  std::printf(\"threads: sum %ld\\n\", total.load());")
        L.append("}")
        L.append("")
        L.append("int main() {")
        for j in range(nsites):
            L.append("  site_%d();" % j)
        L.append("  site_static();")
        L.append("  site_threads();")
        L.append("  std::printf(\"ctors %ld dtors %ld class-news %ld class-deletes %ld caught %ld\\n\",")
        L.append("              g_ctors.load(), g_dtors.load(), g_class_news.load(), g_class_deletes.load(), g_caught);")
        L.append("  return g_failures ? 1 : 0;")
        L.append("}")
        return "\n".join(L) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("seed", type=int)
    ap.add_argument("--std", default="c++17", choices=STDS)
    ap.add_argument("--no-throw", action="store_true")
    ap.add_argument("--replace", default="none", choices=sorted(REPLACEMENTS))
    a = ap.parse_args()
    print(Gen(a.seed, a.std, not a.no_throw, a.replace).program(), end="")


if __name__ == "__main__":
    main()
