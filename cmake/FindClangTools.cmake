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

# The run path the installed tools (sizespec-report, sizespec-rewrite) need
# to find LLVM's shared library: none where the dynamic linker finds it
# already (Debian's /usr/lib/llvm-N/lib links it into the multiarch
# directory), else LLVM's library directory. A needless run path into
# /usr/lib/llvm-N/lib also hides the library's package from dpkg-shlibdeps,
# and so from the Debian package's Depends (cmake/Package.cmake).
set(SIZESPEC_TOOLS_INSTALL_RPATH "${LLVM_LIBRARY_DIR}")
if(EXISTS "${LLVM_LIBRARY_DIR}/libLLVM.so")
  file(REAL_PATH "${LLVM_LIBRARY_DIR}/libLLVM.so" sizespec_libllvm)
  get_filename_component(sizespec_libllvm "${sizespec_libllvm}" NAME)
  find_program(SIZESPEC_LDCONFIG ldconfig PATHS /sbin /usr/sbin)
  if(SIZESPEC_LDCONFIG)
    execute_process(COMMAND ${SIZESPEC_LDCONFIG} -p OUTPUT_VARIABLE sizespec_ldcache
      ERROR_QUIET)
    string(FIND "${sizespec_ldcache}" "\t${sizespec_libllvm} (" sizespec_found)
    if(sizespec_found GREATER_EQUAL 0)
      set(SIZESPEC_TOOLS_INSTALL_RPATH "")
    endif()
  endif()
endif()
