# lit configuration for test/tools: sizespec-report, sizespec-config and the
# bench tools (bench/tools).
import os
import sys

import lit.formats

config.name = "sizespec-tools"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "")])

# Longer names first: lit substitutes in order.
config.substitutions.append(
    ("%sizespec-config-installed", config.sizespec_config_installed))
config.substitutions.append(("%sizespec-config", config.sizespec_config))
config.substitutions.append(("%sizespec-report", config.sizespec_report))
config.substitutions.append(("%sizespec-pc", config.sizespec_pc))
config.substitutions.append(("%{plugin_base}", config.plugin_base))
config.substitutions.append(("%{plugin}", config.plugin))
config.substitutions.append(("%{tlb_model}", config.tlb_model))
config.substitutions.append(("%{placement_shim}", config.placement_shim))
config.substitutions.append(("%{region_probe}", config.region_probe))
config.substitutions.append(("%{clang_major}", config.clang_major))
config.substitutions.append(("%{src_root}", config.src_root))
# The build tree's wrappers; lit reads a key as a pattern, so no "++".
config.substitutions.append(("%{sizespec_clangxx}", config.bindir_build + "/sizespec-clang++"))
config.substitutions.append(("%{sizespec_clang}", config.bindir_build + "/sizespec-clang"))
config.substitutions.append(("%{runtime_libdir}", config.runtime_libdir))
config.substitutions.append(("%{runtime_includedir}", config.runtime_includedir))
config.substitutions.append(("%{libdir}", config.install_libdir))
config.substitutions.append(("%{includedir}", config.install_includedir))
config.substitutions.append(("%{bindir}", config.install_bindir))
config.substitutions.append(("%{version}", config.version))
config.substitutions.append(("%clangxx", config.clangxx))
config.substitutions.append(("%clang", config.clang))
config.substitutions.append(("%python", sys.executable))
# The tests' PATH, for a test that puts a stand-in in front of it.
config.substitutions.append(("%{path}", config.environment["PATH"]))
