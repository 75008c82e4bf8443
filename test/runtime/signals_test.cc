//===- signals_test.cc - The runtime leaves a program's threads and signals
//-===//
//
// A program built with sizespec keeps the threads it creates and the signals
// it waits for. By default the runtime starts no thread at all, so a
// single-threaded program stays single-threaded (unshare(CLONE_NEWUSER)
// works) and a signal sent to the process reaches the thread that waits for
// it. With the background purge turned on, its thread blocks every signal,
// so the same signals still reach the program's own thread. Each case runs
// signals_helper.cc in a process of its own, against the release and the
// debug runtime.
//
//===----------------------------------------------------------------------===//

#include "test_util.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sched.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace {

struct Outcome {
  std::string Out;
  int Status = -1; ///< as waitpid gives it
};

/// Runs \p Helper with \p Arg, SIZESPEC_BACKGROUND_PURGE set to \p Purge
/// (unset when null).
Outcome run(const char *Helper, const char *Arg, const char *Purge) {
  std::string Cmd = Purge ? std::string("SIZESPEC_BACKGROUND_PURGE=") + Purge
                          : std::string("env -u SIZESPEC_BACKGROUND_PURGE");
  Cmd += std::string(" ") + Helper + " " + Arg + " 2>&1";
  Outcome R;
  R.Out = sizespec::test::command_output(Cmd, R.Status);
  return R;
}

/// How often \p Line occurs as a whole line of \p Out.
int count_lines(const std::string &Out, const std::string &Line) {
  int N = 0;
  for (std::size_t At = 0;
       (At = Out.find(Line + "\n", At)) != std::string::npos; At += Line.size())
    if (At == 0 || Out[At - 1] == '\n')
      ++N;
  return N;
}

std::string describe(const Outcome &R) {
  std::string S = "exit status ";
  if (WIFSIGNALED(R.Status))
    S += std::string("killed by signal ") + strsignal(WTERMSIG(R.Status));
  else
    S += std::to_string(WEXITSTATUS(R.Status));
  return S + ", output:\n" + R.Out;
}

const char *const kHelpers[] = {SIZESPEC_SIGNALS_HELPER,
                                SIZESPEC_SIGNALS_DEBUG_HELPER};

/// Every signal sent reached the program's waiting thread.
void expect_received(const Outcome &R) {
  EXPECT_TRUE(WIFEXITED(R.Status) && WEXITSTATUS(R.Status) == 0) << describe(R);
  EXPECT_EQ(count_lines(R.Out, "received SIGUSR1"), 1) << describe(R);
  EXPECT_EQ(count_lines(R.Out, "received SIGRTMIN+1"), 3) << describe(R);
}

TEST(Signals, ByDefaultTheProgramKeepsItsOneThreadAndItsSignals) {
  for (const char *Helper : kHelpers)
    for (const char *Wait : {"sigtimedwait", "signalfd"}) {
      SCOPED_TRACE(std::string(Helper) + " " + Wait);
      Outcome R = run(Helper, Wait, nullptr);
      expect_received(R);
      EXPECT_EQ(count_lines(R.Out, "threads 1"), 1) << describe(R);
    }
}

TEST(Signals, TheBackgroundPurgeThreadBlocksEverySignal) {
  for (const char *Helper : kHelpers)
    for (const char *Wait : {"sigtimedwait", "signalfd"}) {
      SCOPED_TRACE(std::string(Helper) + " " + Wait);
      Outcome R = run(Helper, Wait, "1");
      expect_received(R);
      EXPECT_EQ(count_lines(R.Out, "threads 2"), 1) << describe(R);
      EXPECT_EQ(count_lines(R.Out, "sizespec-purge thread blocks all signals"),
                1)
          << describe(R);
    }
}

/// Whether a single-threaded child of this process may create a user
/// namespace ("" if so, else why not).
std::string user_namespaces_forbidden() {
  int Pipe[2];
  if (pipe(Pipe) != 0)
    return std::string("pipe: ") + std::strerror(errno);
  pid_t Child = fork();
  if (Child == 0) {
    int Err = unshare(CLONE_NEWUSER) == 0 ? 0 : errno;
    [[maybe_unused]] ssize_t W = write(Pipe[1], &Err, sizeof Err);
    _exit(0);
  }
  close(Pipe[1]);
  int Err = -1;
  [[maybe_unused]] ssize_t N = read(Pipe[0], &Err, sizeof Err);
  close(Pipe[0]);
  waitpid(Child, nullptr, 0);
  return Err == 0 ? ""
                  : std::string("unshare(CLONE_NEWUSER) fails in a "
                                "single-threaded process here: ") +
                        std::strerror(Err);
}

TEST(Signals, AfterAMassFreeAndIdleAProgramMayStillUnshare) {
  const std::string Why = user_namespaces_forbidden();
  if (!Why.empty())
    GTEST_SKIP() << Why;
  for (const char *Helper : kHelpers) {
    SCOPED_TRACE(Helper);
    Outcome R = run(Helper, "unshare", nullptr);
    EXPECT_TRUE(WIFEXITED(R.Status) && WEXITSTATUS(R.Status) == 0)
        << describe(R);
    EXPECT_EQ(count_lines(R.Out, "threads 1"), 1) << describe(R);
    EXPECT_EQ(count_lines(R.Out, "unshare: ok"), 1) << describe(R);
  }
}

} // namespace
