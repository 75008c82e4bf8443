# lit configuration for the sizespec plugin tests.
import os
import subprocess

import lit.formats

config.name = "sizespec-plugin"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp", ".ll"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)

# Any of these can be overridden with `lit --param NAME=VALUE`, e.g. to run
# the suite against a plugin built for another Clang.
params = lit_config.params
llvm_bin = params.get("llvm_bin", config.llvm_bin)
clangxx = params.get("clangxx", config.clangxx)
plugin = params.get("plugin", config.plugin)
runtime_include = params.get("runtime_include", config.runtime_include)
runtime_lib = params.get("runtime_lib", config.runtime_lib)

for path in (clangxx, plugin):
    if not os.path.exists(path):
        lit_config.fatal("not found: " + path)

# FileCheck, not, count, llvm-readelf, llvm-nm come from the same LLVM.
config.environment["PATH"] = os.pathsep.join(
    [llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))])
config.environment["LC_ALL"] = "C"

# The passes alone, for opt (test/plugin/passes): beside the plugin.
passes = params.get("passes",
                    os.path.join(os.path.dirname(plugin), "sizespec-passes.so"))

config.substitutions.append(("%clangxx", clangxx))
config.substitutions.append(("%plugin", plugin))
# opt with the passes loaded: `%opt -passes=sizespec-lower-sites`.
config.substitutions.append(
    ("%opt", os.path.join(llvm_bin, "opt") + " -load-pass-plugin=" + passes))
config.substitutions.append(("%runtime_include", runtime_include))
# Longer names first: lit substitutes in order.
config.substitutions.append(
    ("%runtime_libdir", os.path.dirname(runtime_lib)))
config.substitutions.append(("%runtime_lib", runtime_lib))
# Compile with the plugin as `sizespec-config --cxxflags` does:
# `%sizespec -c x.cpp`. The same file is the frontend plugin and the pass
# plugin. Clang 19 also works with -fplugin= alone (the plugin adds itself
# as the pass plugin); Clang 22 loads pass plugins before any frontend
# plugin runs (late-load.cpp).
clang_major = int(subprocess.check_output([clangxx, "-dumpversion"],
                                          text=True).split(".")[0])
if clang_major >= 22:
    config.available_features.add("pass-plugin-needs-flag")
# The plugin's Clang, for checks of what its libc++ does: LIBCXX%clang_major.
config.substitutions.append(("%clang_major", str(clang_major)))
config.substitutions.append(
    ("%sizespec", clangxx + " -fplugin=" + plugin + " -fpass-plugin=" + plugin))

# libc++ for this Clang: `%libcxx` compiles against it, `%libcxx_link`
# links it. Clang finds its own (Debian: libc++-N-dev, libc++abi-N-dev)
# unless libcxx_root names an unpacked one (scripts/install-deps unpacks
# libc++ 22 there, since Debian's libc++-22-dev conflicts with libc++-19-dev),
# whose static libraries are linked.
libcxx_root = params.get("libcxx_root", getattr(config, "libcxx_root", ""))
if libcxx_root:
    headers = os.path.join(libcxx_root, "usr", "lib", "llvm-%d" % clang_major,
                           "include", "c++", "v1")
    libs = os.path.join(libcxx_root, "usr", "lib", "x86_64-linux-gnu")
    if not os.path.exists(os.path.join(headers, "vector")):
        lit_config.fatal("no libc++ in %s: run scripts/install-deps test" %
                         libcxx_root)
    libcxx = "-stdlib=libc++ -nostdinc++ -isystem " + headers
    libcxx_link = "-nostdlib++ %s %s -lpthread" % (
        os.path.join(libs, "libc++.a"), os.path.join(libs, "libc++abi.a"))
    config.available_features.add("libcxx")
else:
    libcxx, libcxx_link = "-stdlib=libc++", ""
    if os.path.exists(os.path.join(os.path.dirname(clangxx), "..", "include",
                                   "c++", "v1", "vector")):
        config.available_features.add("libcxx")
config.substitutions.append(("%libcxx_link", libcxx_link))
config.substitutions.append(("%libcxx", libcxx))

if os.path.exists(runtime_lib):
    config.available_features.add("runtime")
