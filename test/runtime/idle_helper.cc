//===- idle_helper.cc - An idle process after a mass free -----------------===//
//
// Run by memory_test with and without SIZESPEC_BACKGROUND_PURGE=0: a thread
// allocates and frees 6 MiB of objects and exits; the process then sleeps
// past the purge delay (50 ms here) without allocating, and prints
//
//   idle <bytes given back while it slept> released <release_free_memory()>
//
//===----------------------------------------------------------------------===//

#include <sizespec/sizespec.h>
#include <sizespec/stats.h>
#include <sizespec/testing.h>

#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

namespace {
struct Object {
  void *link;
  char bytes[56];
};
} // namespace

int main() {
  ::operator delete(::operator new(16)); // the runtime reads its environment
  sizespec::test_hooks::set_purge_delay_ms(50);
  std::thread([] {
    std::vector<void *> Mine;
    Mine.reserve(100000);
    for (int I = 0; I < 100000; ++I)
      Mine.push_back(sizespec::alloc_scan_sc6<Object>(sizeof(Object)));
    for (void *P : Mine)
      ::operator delete(P, sizeof(Object));
  }).join();
  const unsigned long long Before = sizespec::stats().bytes_returned;
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const unsigned long long Idle = sizespec::stats().bytes_returned - Before;
  const unsigned long long Released = sizespec::release_free_memory();
  std::printf("idle %llu released %llu\n", Idle, Released);
}
