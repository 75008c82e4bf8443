# lit configuration for test/tools: sizespec-report and sizespec-config.
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

config.substitutions.append(("%sizespec-report", config.sizespec_report))
config.substitutions.append(("%clang", config.clang))
config.substitutions.append(("%python", sys.executable))
