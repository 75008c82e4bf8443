#!/usr/bin/env bash
# Installs sizespec into a temporary prefix, then builds a consumer three
# ways -- find_package(sizespec) + sizespec_enable(app), pkg-config, and
# sizespec-config -- runs it, and checks that the plugin specialized its site:
# the object references the runtime's sizespec:: routines (the same source
# built without the plugin references none), the installed sizespec-report
# reads its site records (in the object and the program) and its stamp.
#
# Usage: install-test.sh BUILD_DIR WORK_DIR CXX LLVM_TOOLS_DIR
set -euo pipefail
build=$1 work=$2 cxx=$3 tools=$4
here=$(cd "$(dirname "$0")" && pwd)
nm="$tools/llvm-nm"

fail() { echo "install-test: FAIL: $*" >&2; exit 1; }
step() { echo "== $*"; }

rm -rf "$work"
mkdir -p "$work"
prefix="$work/prefix"

step "cmake --install into $prefix"
cmake --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1 ||
  { cat "$work/install.log"; fail "cmake --install"; }
for f in bin/sizespec-config bin/sizespec-report; do
  [ -x "$prefix/$f" ] || fail "$f not installed"
done

# Checks one consumer object and program built with the plugin.
check() {
  local what=$1 obj=$2 app=$3
  local out
  out=$("$app") || fail "$what: the program failed"
  [ "$out" = "sum 6" ] || fail "$what: program printed '$out', expected 'sum 6'"
  grep -q ' U sizespec::' <<<"$("$nm" -C "$obj")" ||
    fail "$what: $obj references no sizespec:: routine (not specialized)"
  # The site records travel in the object and into the linked program.
  for file in "$obj" "$app"; do
    "$prefix/bin/sizespec-report" --no-summary "$file" >"$work/$what.report" ||
      fail "$what: sizespec-report $file failed"
    grep -q 'main.cc:10:[0-9]*: specialized: new Point -> alloc_noscan_sc3<Point> (24 B, class 3)' \
      "$work/$what.report" || fail "$what: report of $file: $(cat "$work/$what.report")"
  done
  "$prefix/bin/sizespec-report" --binary "$app" >"$work/$what.stamp" ||
    fail "$what: $app has no sizespec stamp"
  grep -q 'plugin=' "$work/$what.stamp" || fail "$what: stamp: $(cat "$work/$what.stamp")"
  echo "$what: ok"
}

step "control: the consumer built without the plugin references no sizespec:: symbol"
"$cxx" -c "$here/consumer/main.cc" -o "$work/plain.o"
if grep -q 'sizespec::' <<<"$("$nm" -C "$work/plain.o")"; then
  fail "control object references sizespec:: without the plugin"
fi

step "find_package(sizespec) + sizespec_enable(app)"
{
  cmake -S "$here/consumer" -B "$work/cmake" -G Ninja \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" &&
    cmake --build "$work/cmake"
} >"$work/cmake.log" 2>&1 || { cat "$work/cmake.log"; fail "consumer build"; }
check cmake "$work/cmake/CMakeFiles/app.dir/main.cc.o" "$work/cmake/app"

step "sizespec_enable(app REPORT MAX 16): Point (24 B) is now above the limit"
{
  cmake -S "$here/consumer" -B "$work/cmake16" -G Ninja \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" \
    "-DCONSUMER_ENABLE_ARGS=REPORT;MAX;16" &&
    cmake --build "$work/cmake16"
} >"$work/cmake16.log" 2>&1 || { cat "$work/cmake16.log"; fail "consumer build (MAX 16)"; }
grep -q 'not specialized: new Point (24 B): size above 16 B limit by 8 B' "$work/cmake16.log" ||
  fail "REPORT MAX 16: no report line in the build output: $(cat "$work/cmake16.log")"

step "sizespec_enable(app) with clang++-22 takes the Clang 22 plugin"
{
  cmake -S "$here/consumer" -B "$work/cmake22" -G Ninja \
    -DCMAKE_CXX_COMPILER=clang++-22 -DCMAKE_PREFIX_PATH="$prefix" &&
    cmake --build "$work/cmake22"
} >"$work/cmake22.log" 2>&1 || { cat "$work/cmake22.log"; fail "consumer build (Clang 22)"; }
grep -q 'clang=22\.' <<<"$("$prefix/bin/sizespec-report" --binary "$work/cmake22/app")" ||
  fail "Clang 22: the program was not built with the Clang 22 plugin"
grep -q -- "-fpass-plugin=$prefix/lib/sizespec/clang-22/sizespec-plugin.so -fplugin-arg-sizespec-id=" \
  "$work/cmake22/compile_commands.json" 2>/dev/null ||
  grep -rq -- "clang-22/sizespec-plugin.so -fplugin-arg-sizespec-id=" "$work/cmake22/build.ninja" ||
  fail "Clang 22: not the Clang 22 plugin, or no id= in the flags"
echo "cmake (Clang 22): ok"

step "find_package + sizespec_enable(app WITH tcmalloc): tcmalloc linked after the runtime"
{
  cmake -S "$here/consumer" -B "$work/cmake-with" -G Ninja \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" \
    "-DCONSUMER_ENABLE_ARGS=WITH;tcmalloc" &&
    cmake --build "$work/cmake-with"
} >"$work/cmake-with.log" 2>&1 || { cat "$work/cmake-with.log"; fail "consumer build (WITH tcmalloc)"; }
check cmake-with "$work/cmake-with/CMakeFiles/app.dir/main.cc.o" "$work/cmake-with/app"
[[ $(readelf -d "$work/cmake-with/app" | grep NEEDED | grep -A1 libsizespec.so) == *libtcmalloc_minimal.so.4* ]] ||
  fail "WITH tcmalloc: not linked right after the runtime: $(readelf -d "$work/cmake-with/app" | grep NEEDED)"
if cmake -S "$here/consumer" -B "$work/cmake-with-bad" -G Ninja \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" \
  "-DCONSUMER_ENABLE_ARGS=WITH;hoard" >"$work/cmake-with-bad.log" 2>&1; then
  fail "sizespec_enable(app WITH hoard) configured"
fi
grep -q "sizespec_enable(app): WITH wants one of tcmalloc, jemalloc, mimalloc" \
  "$work/cmake-with-bad.log" || fail "WITH hoard: $(cat "$work/cmake-with-bad.log")"
echo "cmake (WITH tcmalloc): ok"

step "sizespec_enable(app BOGUS) is a configure error"
if cmake -S "$here/consumer" -B "$work/cmake-bad" -G Ninja \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCONSUMER_ENABLE_ARGS=BOGUS >"$work/cmake-bad.log" 2>&1; then
  fail "sizespec_enable(app BOGUS) configured"
fi
grep -q 'sizespec_enable(app): unknown arguments: BOGUS' "$work/cmake-bad.log" ||
  fail "BOGUS: $(cat "$work/cmake-bad.log")"

step "pkg-config sizespec"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig:$(dirname "$(find "$prefix" -name sizespec.pc -print -quit)")"
mkdir -p "$work/pc"
# shellcheck disable=SC2046  # the flags are meant to split
"$cxx" $(pkg-config --cflags sizespec) -c "$here/consumer/main.cc" -o "$work/pc/main.o"
"$cxx" "$work/pc/main.o" $(pkg-config --libs sizespec) -o "$work/pc/app"
check pkg-config "$work/pc/main.o" "$work/pc/app"

step "sizespec-config"
mkdir -p "$work/config"
# shellcheck disable=SC2046
"$cxx" $("$prefix/bin/sizespec-config" --cxxflags) -c "$here/consumer/main.cc" \
  -o "$work/config/main.o"
# shellcheck disable=SC2046
"$cxx" "$work/config/main.o" $("$prefix/bin/sizespec-config" --libs) -o "$work/config/app"
check sizespec-config "$work/config/main.o" "$work/config/app"

step "the programs run from the prefix, not the build tree"
for app in "$work/cmake/app" "$work/pc/app" "$work/config/app"; do
  lib=$(ldd "$app" | awk '/libsizespec/ {print $3}')
  case "$lib" in
  "$prefix"/*) ;;
  *) fail "$app loads libsizespec from '$lib', not from $prefix" ;;
  esac
done
echo "install-test: all passed"
