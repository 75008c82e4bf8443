# lit suites (plugin, rewriter, tools): lit comes from the same LLVM as the
# plugin (Debian: llvm-N-tools ships it as build/utils/lit/lit.py).
find_package(Python3 REQUIRED COMPONENTS Interpreter)
set(SIZESPEC_LLVM_BIN ${LLVM_TOOLS_BINARY_DIR})
find_program(SIZESPEC_LIT NAMES lit lit.py
  HINTS ${LLVM_TOOLS_BINARY_DIR}/../build/utils/lit
  DOC "LLVM's lit test runner")
if(NOT SIZESPEC_LIT)
  message(FATAL_ERROR
    "lit not found (Debian: llvm-${LLVM_VERSION_MAJOR}-tools); set SIZESPEC_LIT")
endif()

# sizespec_add_lit_suite(<test name>): configures the calling directory's
# lit.site.cfg.py.in (@VARS@, then generator expressions for build paths)
# and adds a ctest test that runs lit over it.
function(sizespec_add_lit_suite test_name)
  configure_file(lit.site.cfg.py.in
                 ${CMAKE_CURRENT_BINARY_DIR}/lit.site.cfg.py.gen @ONLY)
  file(GENERATE OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/lit.site.cfg.py
       INPUT ${CMAKE_CURRENT_BINARY_DIR}/lit.site.cfg.py.gen)
  add_test(NAME ${test_name}
    COMMAND ${Python3_EXECUTABLE} ${SIZESPEC_LIT} -sv ${CMAKE_CURRENT_BINARY_DIR})
endfunction()
