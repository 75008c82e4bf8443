//===- lock.h - The runtime's mutex ----------------------------*- C++ -*-===//
//
// A constant-initialized pthread mutex: usable before any constructor runs
// and, unlike a spin lock, well behaved when threads outnumber cores. Only
// slow paths take one.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_RUNTIME_LOCK_H
#define SIZESPEC_RUNTIME_LOCK_H

#include <pthread.h>

namespace sizespec {

class Lock {
public:
  void lock() noexcept { pthread_mutex_lock(&M); }
  void unlock() noexcept { pthread_mutex_unlock(&M); }
  bool try_lock() noexcept { return pthread_mutex_trylock(&M) == 0; }

private:
  pthread_mutex_t M = PTHREAD_MUTEX_INITIALIZER;
};

class LockGuard {
public:
  explicit LockGuard(Lock &l) noexcept : L(l) { l.lock(); }
  ~LockGuard() { L.unlock(); }
  LockGuard(const LockGuard &) = delete;
  LockGuard &operator=(const LockGuard &) = delete;

private:
  Lock &L;
};

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_LOCK_H
