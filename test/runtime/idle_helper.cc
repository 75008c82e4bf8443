//===- idle_helper.cc - An idle process after a mass free -----------------===//
//
// Run by memory_test with and without SIZESPEC_BACKGROUND_PURGE=1. The
// process allocates and frees 24 MiB of objects, in a thread that then exits
// (argument `exit`) or in its main thread (`main`); it then sleeps past the
// purge delay (50 ms here) without allocating, and prints
//
//   exit <bytes given back by then> idle <bytes given back while it slept>
//   released <release_free_memory()>
//
//===----------------------------------------------------------------------===//

#include <sizespec/sizespec.h>
#include <sizespec/stats.h>
#include <sizespec/testing.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

namespace {
struct Object {
  void *link;
  char bytes[56];
};

void churn() {
  std::vector<void *> Mine;
  Mine.reserve(400000);
  for (int I = 0; I < 400000; ++I)
    Mine.push_back(sizespec::alloc_scan_sc6<Object>(sizeof(Object)));
  for (void *P : Mine)
    ::operator delete(P, sizeof(Object));
}
} // namespace

int main(int argc, char **argv) {
  const bool InThread = argc > 1 && std::strcmp(argv[1], "exit") == 0;
  ::operator delete(::operator new(16)); // the runtime reads its environment
  sizespec::test_hooks::set_purge_delay_ms(50);
  const unsigned long long Start = sizespec::stats().bytes_returned;
  if (InThread)
    std::thread(churn).join();
  else
    churn();
  const unsigned long long Before = sizespec::stats().bytes_returned;
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const unsigned long long Idle = sizespec::stats().bytes_returned - Before;
  const unsigned long long Released = sizespec::release_free_memory();
  std::printf("exit %llu idle %llu released %llu\n", Before - Start, Idle,
              Released);
}
