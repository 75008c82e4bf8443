# Finds the LLVM and Clang libraries the plugin and the tools build against,
# and makes them agree with the compiler: a Clang compiler means that Clang's
# libraries unless LLVM_DIR says otherwise, and a mismatch stops here, in one
# line, not later in sizespec_enable().
if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  string(REGEX MATCH "^[0-9]+" sizespec_cxx_major "${CMAKE_CXX_COMPILER_VERSION}")
endif()
if(NOT LLVM_DIR AND sizespec_cxx_major
   AND EXISTS "/usr/lib/llvm-${sizespec_cxx_major}/lib/cmake/llvm/LLVMConfig.cmake")
  set(LLVM_DIR "/usr/lib/llvm-${sizespec_cxx_major}/lib/cmake/llvm" CACHE PATH
    "LLVM's CMake package" FORCE)
endif()
find_package(LLVM REQUIRED CONFIG)
# Clang's package is the one beside LLVM's: find_package(Clang) would
# otherwise search on its own and may take another version.
if(NOT Clang_DIR)
  get_filename_component(sizespec_clang_dir "${LLVM_DIR}/../clang" ABSOLUTE)
  set(Clang_DIR "${sizespec_clang_dir}" CACHE PATH "Clang's CMake package" FORCE)
endif()
find_package(Clang REQUIRED CONFIG)
message(STATUS "sizespec: LLVM ${LLVM_PACKAGE_VERSION} from ${LLVM_DIR}")

if(Clang_VERSION AND NOT Clang_VERSION VERSION_EQUAL LLVM_PACKAGE_VERSION)
  message(FATAL_ERROR "sizespec: LLVM_DIR is LLVM ${LLVM_PACKAGE_VERSION} but "
    "Clang_DIR is Clang ${Clang_VERSION} (${Clang_DIR}): pass the Clang_DIR "
    "beside LLVM_DIR")
endif()
if(sizespec_cxx_major AND NOT sizespec_cxx_major EQUAL LLVM_VERSION_MAJOR)
  message(FATAL_ERROR "sizespec: the C++ compiler is Clang "
    "${CMAKE_CXX_COMPILER_VERSION} but LLVM_DIR is LLVM ${LLVM_PACKAGE_VERSION}, "
    "and the plugin must be built for the Clang that loads it: pass "
    "-DCMAKE_CXX_COMPILER=clang++-${LLVM_VERSION_MAJOR} "
    "-DCMAKE_C_COMPILER=clang-${LLVM_VERSION_MAJOR}, or "
    "-DLLVM_DIR=/usr/lib/llvm-${sizespec_cxx_major}/lib/cmake/llvm")
endif()
