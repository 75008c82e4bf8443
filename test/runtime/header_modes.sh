#!/usr/bin/env bash
# Compiles the public header in every language mode (C++11..C++23) with
# every compiler found (GCC 12, Clang 19, Clang 22), with and without
# -fno-exceptions/-fno-rtti, warnings as errors. Checks that the routines'
# thread-local access needs no __tls_get_addr and no TLS wrapper, and links
# and runs a -fno-exceptions -fno-rtti program against the runtime.
# Usage: header_modes.sh INCLUDE_DIR LIB_DIR SOURCE WORK_DIR
set -euo pipefail
inc=$1 libdir=$2 src=$3 work=$4
mkdir -p "$work"
compilers=()
for c in g++-12 clang++-19 clang++-22; do
  command -v "$c" >/dev/null && compilers+=("$c")
done
[ ${#compilers[@]} -ge 2 ] || { echo "need g++-12 and clang++-19"; exit 1; }
echo "compilers: ${compilers[*]}"
fail=0
for cxx in "${compilers[@]}"; do
  for std in 11 14 17 20 23; do
    for flags in "" "-fno-exceptions -fno-rtti" "-fno-exceptions" "-fno-rtti"; do
      asm="$work/$cxx-$std-${flags// /_}.s"
      if ! $cxx -std=c++$std $flags -O2 -fPIC -Wall -Wextra -Werror -pedantic \
          -I"$inc" -S "$src" -o "$asm" 2>"$asm.err"; then
        echo "FAIL: $cxx -std=c++$std $flags"; cat "$asm.err"; fail=1; continue
      fi
      # The fast path: thread pointer relative, no call to set up TLS.
      hot=$(awk '/^header_modes_hot:/,/\.cfi_endproc/' "$asm")
      if grep -Eq '__tls_get_addr|_ZTW|_ZTH' <<<"$hot"; then
        echo "FAIL: $cxx -std=c++$std $flags: TLS access calls out"; fail=1
      fi
      grep -q '%fs:' <<<"$hot" || { echo "FAIL: $cxx $std: no %fs access"; fail=1; }
    done
  done
  $cxx -std=c++11 -O0 -Wall -Werror -I"$inc" -c "$src" -o "$work/$cxx-O0.o" ||
    { echo "FAIL: $cxx -O0"; fail=1; }
  exe="$work/$cxx-noexcept"
  if $cxx -std=c++11 -O2 -fno-exceptions -fno-rtti -I"$inc" "$src" \
      -L"$libdir" -Wl,-rpath,"$libdir" -lsizespec -o "$exe"; then
    "$exe" || { echo "FAIL: $exe exited $?"; fail=1; }
  else
    echo "FAIL: link with $cxx"; fail=1
  fi
done
[ $fail = 0 ] && echo "header OK in every mode"
exit $fail
