# lit configuration for the sizespec-rewrite tests.
import os
import shutil

import lit.formats

config.name = "sizespec-rewrite"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)

params = lit_config.params
llvm_bin = params.get("llvm_bin", config.llvm_bin)
clangxx = params.get("clangxx", config.clangxx)
rewrite = params.get("rewrite", config.rewrite)
runtime_include = params.get("runtime_include", config.runtime_include)
runtime_lib = params.get("runtime_lib", config.runtime_lib)

plugin = params.get("plugin", config.plugin)

for path in (clangxx, rewrite, plugin):
    if not os.path.exists(path):
        lit_config.fatal("not found: " + path)

# FileCheck, not, count come from the same LLVM.
config.environment["PATH"] = os.pathsep.join(
    [llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))])
config.environment["LC_ALL"] = "C"

inputs = os.path.join(config.test_source_root, "Inputs")
config.substitutions.append(("%rewrite", rewrite))
# The plugin, for the tests that hold the two front ends side by side.
config.substitutions.append(("%sizespec_src", config.sizespec_src_root))
config.substitutions.append(("%sizespec", clangxx + " -fplugin=" + plugin))
config.substitutions.append(("%clangxx", clangxx))
config.substitutions.append(("%runtime_include", runtime_include))
config.substitutions.append(("%runtime_libdir", os.path.dirname(runtime_lib)))
config.substitutions.append(("%runtime_lib", runtime_lib))
config.substitutions.append(("%inputs", inputs))
# `%mkdb DIR FILE... -- FLAGS`: writes DIR/compile_commands.json.
config.substitutions.append(
    ("%mkdb", config.python + " " + os.path.join(inputs, "mkdb.py")))

if os.path.exists(runtime_lib):
    config.available_features.add("runtime")
if shutil.which("g++-12") or shutil.which("g++"):
    config.available_features.add("gxx")
    config.substitutions.append(("%gxx", shutil.which("g++-12") or "g++"))
if shutil.which("clang-apply-replacements"):
    config.available_features.add("clang-apply-replacements")
if os.getuid() == 0:
    config.available_features.add("root")
