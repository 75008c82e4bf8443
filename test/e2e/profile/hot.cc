// A program for the sampled profile's tests (check-profile): three sites,
// each in a class of its own, so that the run's SIZESPEC_STATS table gives
// each one's true count.
//
//   hot single N        N new Point (24 B, specialized, class 3), N/2
//                       new char[100] (the generic path: 112 B, class 9),
//                       1000 new Mesh (200 B, specialized, class 15)
//   hot threads T N     the two hot loops in each of T threads
//   hot midway FILE N   single, writing the profile to FILE between the
//                       loops (sizespec::write_profile)
#include <sizespec/stats.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

struct Point {
  double X, Y, Z;
};
struct Mesh {
  long V[25];
};

Point *volatile PointSink;
char *volatile CharSink;
Mesh *volatile MeshSink;

__attribute__((noinline)) void hotSpecialized(long N) {
  for (long I = 0; I < N; ++I) {
    Point *P = new Point{1, 2, 3};
    PointSink = P;
    delete P;
  }
}

__attribute__((noinline)) void hotGeneric(long N, std::size_t Len) {
  for (long I = 0; I < N; ++I) {
    char *C = new char[Len];
    CharSink = C;
    delete[] C;
  }
}

__attribute__((noinline)) void cold(long N) {
  for (long I = 0; I < N; ++I) {
    Mesh *M = new Mesh;
    MeshSink = M;
    delete M;
  }
}

int main(int Argc, char **Argv) {
  if (Argc < 3) {
    std::fprintf(stderr, "usage: hot single N | threads T N | midway FILE N\n");
    return 2;
  }
  const char *Mode = Argv[1];
  std::size_t Len = 100;
  if (!std::strcmp(Mode, "threads") && Argc == 4) {
    long T = std::atol(Argv[2]), N = std::atol(Argv[3]);
    std::vector<std::thread> Threads;
    for (long I = 0; I < T; ++I)
      Threads.emplace_back([=] {
        hotSpecialized(N);
        hotGeneric(N / 2, Len);
      });
    for (std::thread &Th : Threads)
      Th.join();
  } else if (!std::strcmp(Mode, "midway") && Argc == 4) {
    long N = std::atol(Argv[3]);
    hotSpecialized(N);
    if (!sizespec::write_profile(Argv[2])) {
      std::fprintf(stderr, "hot: write_profile(%s) failed\n", Argv[2]);
      return 1;
    }
    hotGeneric(N / 2, Len);
  } else if (!std::strcmp(Mode, "single")) {
    long N = std::atol(Argv[2]);
    hotSpecialized(N);
    hotGeneric(N / 2, Len);
  } else {
    std::fprintf(stderr, "hot: unknown mode %s\n", Mode);
    return 2;
  }
  cold(1000);
  std::printf("done\n");
  return 0;
}
