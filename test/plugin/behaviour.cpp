// The program behaves the same with and without the plugin: a throwing
// constructor frees its memory and the exception arrives, nothrow new gives
// a usable object, class-specific operator new and placement new are left
// alone, and the library forms work.
// REQUIRES: runtime
// RUN: %clangxx -std=c++17 %s %runtime_lib -Wl,-rpath,%runtime_libdir -o %t.plain
// RUN: %sizespec -std=c++17 %s %runtime_lib -Wl,-rpath,%runtime_libdir -o %t.spec
// RUN: %t.plain > %t.plain.out
// RUN: %t.spec > %t.spec.out
// RUN: diff %t.plain.out %t.spec.out
// RUN: FileCheck %s < %t.spec.out
// Optimized, where the plugin's pass gives the sites the optimizer leaves
// their classes' fast paths, and the allocator path's sizes fold.
// RUN: %clangxx -O2 -std=c++17 %s %runtime_lib -Wl,-rpath,%runtime_libdir -o %t.plain2
// RUN: %sizespec -O2 -std=c++17 %s %runtime_lib -Wl,-rpath,%runtime_libdir -o %t.spec2
// RUN: %t.plain2 > %t.plain2.out
// RUN: %t.spec2 > %t.spec2.out
// RUN: diff %t.plain2.out %t.spec2.out
// RUN: diff %t.plain.out %t.spec2.out
// The specialized build points the sites at the markers the pass lowers
// (look before it runs).
// RUN: %sizespec -std=c++17 -S -emit-llvm -Xclang -disable-llvm-passes %s -o - \
// RUN:   | FileCheck %s --check-prefix=IR
#include <cstdint>
#include <cstdio>
#include <memory>
#include <new>
#include <stdexcept>
#include <vector>

static int Live = 0;
static int ClassNews = 0;

struct Throws {
  explicit Throws(bool Fail) : Value(7) {
    if (Fail)
      throw std::runtime_error("constructor failed");
    ++Live;
  }
  ~Throws() { --Live; }
  int Value;
};

struct Pooled {
  static void *operator new(std::size_t N) {
    ++ClassNews;
    return ::operator new(N);
  }
  static void operator delete(void *P) { ::operator delete(P); }
  double X, Y;
};

struct Node {
  Node *Next;
  int Value;
};

struct alignas(64) Line {
  char Bytes[40];
};

int main() {
  try {
    Throws *T = new Throws(true);
    std::printf("not reached %d\n", T->Value);
  } catch (const std::runtime_error &E) {
    std::printf("caught: %s, live=%d\n", E.what(), Live);
  }
  // CHECK: caught: constructor failed, live=0
  Throws *Ok = new Throws(false);
  std::printf("constructed %d live=%d\n", Ok->Value, Live);
  delete Ok;
  // CHECK: constructed 7 live=1

  Node *N = new (std::nothrow) Node{nullptr, 5};
  std::printf("nothrow %s %d\n", N ? "ok" : "null", N ? N->Value : -1);
  delete N;
  // CHECK: nothrow ok 5

  Pooled *P = new Pooled{1.5, 2.5};
  std::printf("class operator new calls=%d sum=%.1f\n", ClassNews, P->X + P->Y);
  delete P;
  // CHECK: class operator new calls=1 sum=4.0

  alignas(Node) unsigned char Buffer[sizeof(Node)];
  Node *InPlace = new (Buffer) Node{nullptr, 9};
  std::printf("placement same=%d value=%d\n",
              static_cast<void *>(InPlace) == static_cast<void *>(Buffer),
              InPlace->Value);
  // CHECK: placement same=1 value=9

  Throws *Many = new Throws[3]{Throws(false), Throws(false), Throws(false)};
  std::printf("array live=%d\n", Live);
  delete[] Many;
  // CHECK: array live=3

  Node *Chain = nullptr;
  for (int I = 0; I < 1000; ++I)
    Chain = new Node{Chain, I};
  long Sum = 0;
  while (Chain) {
    Node *Next = Chain->Next;
    Sum += Chain->Value;
    delete Chain;
    Chain = Next;
  }
  std::printf("chain sum=%ld\n", Sum);
  // CHECK: chain sum=499500

  Line *L = new Line;
  std::printf("aligned 64: %d\n",
              static_cast<int>(reinterpret_cast<std::uintptr_t>(L) % 64 == 0));
  delete L;
  // CHECK: aligned 64: 1

  auto U = std::make_unique<Node>(Node{nullptr, 11});
  auto S = std::make_shared<Node>(Node{nullptr, 12});
  std::vector<int> V;
  for (int I = 0; I < 100; ++I)
    V.push_back(I);
  std::printf("library %d %d %zu\n", U->Value, S->Value, V.size());
  // CHECK: library 11 12 100
  return 0;
}

// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEm(i64 noundef 4)
// IR-DAG: call {{.*}} @_ZN8sizespec6detail13site_new_scanEmRKSt9nothrow_t(
// IR-DAG: call {{.*}} @_ZN6PoolednwEm(
// IR-DAG: call {{.*}} @_ZN8sizespec6detail17site_array_noscanEm(i64 noundef 20)
