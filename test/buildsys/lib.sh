# Helpers for the build-system tests (sourced): a private install of the
# build under test, free loopback ports, and the scene project built by
# another project's rules.
#
#   . lib.sh SOURCE-DIR BUILD-DIR   (sets src, build, work, prefix)

src=${1:?usage: . lib.sh SOURCE-DIR BUILD-DIR} build=${2:?}
work=$(mktemp -d "${TMPDIR:-/tmp}/sizespec-buildsys.XXXXXX")
prefix=$work/prefix
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export LC_ALL=C

cleanups=()
cleanup() {
  local c
  for c in "${cleanups[@]}"; do eval "$c" || true; done
  rm -rf "$work"
}
trap cleanup EXIT

die() { echo "FAIL: $*" >&2; exit 1; }
step() { printf '\n== %s\n' "$*"; }

# A port no one listens on now, on 127.0.0.1.
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Installs the build under test into $prefix: the plugins, headers, runtime,
# wrappers and tools a user would have.
install_prefix() {
  cmake --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1 ||
    { cat "$work/install.log"; die "cmake --install failed"; }
}

# configure_scene DIR [CMAKE-ARGS...]: the scene project in a fresh DIR.
configure_scene() {
  local dir=$1
  shift
  rm -rf "$dir"
  cmake -S "$here/project" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    "-DSCENE_DIR=$scenesrc" "$@" >"$dir.configure.log" 2>&1 ||
    { cat "$dir.configure.log"; die "configure of $dir failed"; }
}

build_scene() {
  ninja -C "$1" >"$1.build.log" 2>&1 || { cat "$1.build.log"; die "build of $1 failed"; }
}

# The report of a build directory's objects, without the paths that differ
# between build directories.
report_of() {
  "$prefix/bin/sizespec-report" "$1" 2>"$1.report.err" || {
    cat "$1.report.err"
    die "sizespec-report $1 failed"
  }
}

# A copy of examples/scene that a test may edit.
scenesrc=$work/scene
cp -r "$src/examples/scene" "$scenesrc"
