//===- signals_helper.cc - A single-threaded program after a mass free ----===//
//
// Run by signals_test, with and without SIZESPEC_BACKGROUND_PURGE=1, linked
// against the release and the debug runtime. The program allocates and
// frees 100,000 objects of several classes (enough to leave spans to purge)
// and idles past the purge delay (50 ms here); then its one thread blocks
// SIGUSR1 and an RT signal, as a server that waits for its signals does.
// Then, by its argument:
//
//   sigtimedwait  sends itself SIGUSR1 and three queued instances of
//                 SIGRTMIN+1 (process-directed) and waits for each with
//                 sigtimedwait;
//   signalfd      the same, read from a signalfd;
//   unshare       counts its threads and calls unshare(CLONE_NEWUSER),
//                 which only a single-threaded process may.
//
// It prints one line per fact ("received SIGUSR1", "threads 1", ...), and
// for every thread the runtime started, whether it blocks every signal the
// program could block ("purge thread blocks all signals" or "... does
// not"). A signal that reaches a thread that does not block it ends the
// process by its default action, which the test sees as the exit status.
//
//===----------------------------------------------------------------------===//

#include <sizespec/sizespec.h>
#include <sizespec/testing.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <sched.h>
#include <string>
#include <sys/signalfd.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

struct Small {
  void *Link;
  char Bytes[16];
};
struct Large {
  void *Link;
  char Bytes[248];
};

/// 100,000 objects made and freed, the way a program's startup might.
void churn() {
  std::vector<void *> Smalls, Larges;
  for (int I = 0; I < 90000; ++I)
    Smalls.push_back(sizespec::alloc_scan_sc3<Small>(sizeof(Small)));
  for (int I = 0; I < 10000; ++I)
    Larges.push_back(sizespec::alloc_scan<Large>(sizeof(Large)));
  for (void *P : Smalls)
    ::operator delete(P, sizeof(Small));
  for (void *P : Larges)
    ::operator delete(P, sizeof(Large));
}

/// The SigBlk mask of a thread's status file ("" if unreadable).
std::string blocked_mask(const std::string &Status) {
  std::ifstream In(Status);
  std::string Line;
  while (std::getline(In, Line))
    if (Line.rfind("SigBlk:", 0) == 0)
      return Line.substr(Line.find_first_not_of(" \t", 7));
  return "";
}

std::string thread_name(const std::string &Dir) {
  std::ifstream In(Dir + "/comm");
  std::string Name;
  std::getline(In, Name);
  return Name;
}

/// The ids of the process's threads.
std::vector<std::string> threads() {
  std::vector<std::string> Ids;
  if (DIR *D = opendir("/proc/self/task")) {
    while (dirent *E = readdir(D))
      if (E->d_name[0] != '.')
        Ids.push_back(E->d_name);
    closedir(D);
  }
  return Ids;
}

/// Prints the thread count, and for each thread other than this one
/// whether it blocks everything this thread can block.
void report_threads() {
  sigset_t All, Saved;
  sigfillset(&All);
  pthread_sigmask(SIG_SETMASK, &All, &Saved);
  const std::string Everything = blocked_mask("/proc/thread-self/status");
  pthread_sigmask(SIG_SETMASK, &Saved, nullptr);
  const std::vector<std::string> Ids = threads();
  std::printf("threads %zu\n", Ids.size());
  const std::string Self = std::to_string(gettid());
  for (const std::string &Id : Ids) {
    if (Id == Self)
      continue;
    const std::string Dir = "/proc/self/task/" + Id;
    std::printf("%s thread %s all signals\n", thread_name(Dir).c_str(),
                blocked_mask(Dir + "/status") == Everything ? "blocks"
                                                            : "does not block");
  }
}

constexpr int kQueued = 3;

/// Sends the signals to the process, then lets them wait a while before
/// the program looks: a signal that arrives while the waiting thread is
/// busy (here, asleep with them blocked) goes to any thread that does not
/// block it, and its default action ends the process.
void send_signals() {
  const int Rt = SIGRTMIN + 1;
  kill(getpid(), SIGUSR1);
  for (int I = 0; I < kQueued; ++I)
    sigqueue(getpid(), Rt, sigval{I});
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
}

void print_received(int Signo) {
  if (Signo == SIGUSR1)
    std::printf("received SIGUSR1\n");
  else if (Signo == SIGRTMIN + 1)
    std::printf("received SIGRTMIN+1\n");
  else
    std::printf("received signal %d\n", Signo);
}

int wait_with_sigtimedwait(const sigset_t &Set) {
  send_signals();
  const timespec FiveSeconds{5, 0};
  for (int I = 0; I < 1 + kQueued; ++I) {
    int Signo = sigtimedwait(&Set, nullptr, &FiveSeconds);
    if (Signo < 0) {
      std::printf("sigtimedwait: %s\n", std::strerror(errno));
      return 1;
    }
    print_received(Signo);
  }
  return 0;
}

int wait_with_signalfd(const sigset_t &Set) {
  int Fd = signalfd(-1, &Set, SFD_CLOEXEC);
  if (Fd < 0) {
    std::printf("signalfd: %s\n", std::strerror(errno));
    return 1;
  }
  send_signals();
  for (int I = 0; I < 1 + kQueued; ++I) {
    signalfd_siginfo Info;
    if (read(Fd, &Info, sizeof Info) != sizeof Info) {
      std::printf("read: %s\n", std::strerror(errno));
      return 1;
    }
    print_received(static_cast<int>(Info.ssi_signo));
  }
  close(Fd);
  return 0;
}

int try_unshare() {
  if (unshare(CLONE_NEWUSER) != 0) {
    std::printf("unshare: %s\n", std::strerror(errno));
    return 1;
  }
  std::printf("unshare: ok\n");
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  const std::string What = argc > 1 ? argv[1] : "";
  if (What != "sigtimedwait" && What != "signalfd" && What != "unshare") {
    std::fprintf(stderr,
                 "usage: signals_helper sigtimedwait|signalfd|unshare\n");
    return 2;
  }
  ::operator delete(::operator new(16)); // the runtime reads its environment
  sizespec::test_hooks::set_purge_delay_ms(50);
  churn();
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  // Blocked once the program is up, as a server does when it sets up its
  // signal handling: a thread created before then does not inherit it.
  sigset_t Set;
  sigemptyset(&Set);
  sigaddset(&Set, SIGUSR1);
  sigaddset(&Set, SIGRTMIN + 1);
  pthread_sigmask(SIG_BLOCK, &Set, nullptr);
  report_threads();
  std::fflush(stdout);

  if (What == "sigtimedwait")
    return wait_with_sigtimedwait(Set);
  if (What == "signalfd")
    return wait_with_signalfd(Set);
  return try_unshare();
}
