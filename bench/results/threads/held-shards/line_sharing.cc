// Two threads that each make and free a 24-byte object, 50 M times, after
// the main thread made BATCH of them (argument, default 1000) and freed them
// in shuffled order. Prints each thread's ns a pair, the cache lines each
// used in its first 1000 allocations and how many of them both used.
// Built with `clang++-19 -O2 -std=c++20 line_sharing.cc -pthread` and run
// with LD_PRELOAD=<a runtime's libsizespec.so> (commands.txt).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <thread>
#include <vector>
struct P {
  long a, b, c;
};
std::atomic<int> ready{0};
#include <set>
std::set<unsigned long> lines[2];
double run(int id, long n) {
  ready++;
  while (ready < 2) {
  }
  auto t0 = std::chrono::steady_clock::now();
  for (long i = 0; i < n; ++i) {
    P *p = new P;
    asm volatile("" : : "r"(p) : "memory");
    if (i < 1000)
      lines[id].insert((unsigned long)p >> 6);
    delete p;
  }
  return std::chrono::duration<double, std::nano>(
             std::chrono::steady_clock::now() - t0)
             .count() /
         n;
}
int main(int argc, char **argv) {
  int batch = argc > 1 ? atoi(argv[1]) : 1000;
  std::vector<P *> v(batch);
  for (auto &p : v)
    p = new P;
  std::shuffle(v.begin(), v.end(), std::mt19937(1));
  for (auto p : v)
    delete p;
  double t[2];
  std::thread a([&] { t[0] = run(0, 50000000); });
  std::thread b([&] { t[1] = run(1, 50000000); });
  a.join();
  b.join();
  int shared = 0;
  for (auto l : lines[0])
    shared += lines[1].count(l);
  printf("%.2f %.2f ns  lines %zu %zu shared %d\n", t[0], t[1], lines[0].size(),
         lines[1].size(), shared);
}
