# Plugins for the other supported Clangs, side by side with this build's:
# <libdir>/sizespec/clang-<major>/sizespec-plugin.so, each a sub-build of
# this source tree (SIZESPEC_PLUGIN_ONLY) with that Clang and its libraries.
# sizespec-config, the wrappers and sizespec_enable() pick the plugin that
# matches the compiler; <libdir>/sizespec/sizespec-plugin.so links to the
# default one, this build's (plugin/CMakeLists.txt).
include(ExternalProject)

set(SIZESPEC_SUPPORTED_CLANGS 19 22)
set(sizespec_found_others)
foreach(major IN LISTS SIZESPEC_SUPPORTED_CLANGS)
  if(NOT major EQUAL LLVM_VERSION_MAJOR
     AND EXISTS "/usr/lib/llvm-${major}/lib/cmake/clang/ClangConfig.cmake"
     AND EXISTS "/usr/lib/llvm-${major}/bin/clang++")
    list(APPEND sizespec_found_others ${major})
  endif()
endforeach()
set(SIZESPEC_OTHER_CLANGS "${sizespec_found_others}" CACHE STRING
  "Other Clang major versions to build a plugin for (from /usr/lib/llvm-N)")

set(SIZESPEC_PLUGIN_VERSIONS ${LLVM_VERSION_MAJOR})
foreach(major IN LISTS SIZESPEC_OTHER_CLANGS)
  set(root "/usr/lib/llvm-${major}")
  set(out "${SIZESPEC_PLUGIN_BASE_DIR}/clang-${major}")
  ExternalProject_Add(sizespec-plugin-clang${major}
    SOURCE_DIR "${PROJECT_SOURCE_DIR}"
    BINARY_DIR "${PROJECT_BINARY_DIR}/plugin-clang${major}"
    CMAKE_ARGS
      -DCMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE}
      -DCMAKE_C_COMPILER=${root}/bin/clang
      -DCMAKE_CXX_COMPILER=${root}/bin/clang++
      -DLLVM_DIR=${root}/lib/cmake/llvm
      -DClang_DIR=${root}/lib/cmake/clang
      -DSIZESPEC_PLUGIN_ONLY=ON
      -DSIZESPEC_PLUGIN_OUTPUT_DIR=${out}
    # The sub-build's ninja decides what is out of date.
    BUILD_ALWAYS ON
    BUILD_BYPRODUCTS "${out}/sizespec-plugin.so"
    INSTALL_COMMAND "")
  install(PROGRAMS "${out}/sizespec-plugin.so"
    DESTINATION ${CMAKE_INSTALL_LIBDIR}/sizespec/clang-${major})
  list(APPEND SIZESPEC_PLUGIN_VERSIONS ${major})
endforeach()
