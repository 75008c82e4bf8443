# sizespec_enable() for in-tree users (examples, tests): the plugins and the
# runtime of this build. The function itself is cmake/SizespecEnable.cmake,
# the same one an installed sizespec's sizespecConfig.cmake includes.
set(SIZESPEC_PLUGIN_DIR "${SIZESPEC_PLUGIN_BASE_DIR}")
set(SIZESPEC_CLANG_VERSIONS ${SIZESPEC_PLUGIN_VERSIONS})
set(SIZESPEC_PLUGIN_TARGET_${LLVM_VERSION_MAJOR} sizespec-plugin)
foreach(major IN LISTS SIZESPEC_OTHER_CLANGS)
  set(SIZESPEC_PLUGIN_TARGET_${major} sizespec-plugin-clang${major})
endforeach()
set(SIZESPEC_INCLUDE_DIR "${PROJECT_SOURCE_DIR}/runtime/include")
set(SIZESPEC_RUNTIME_TARGET sizespec::runtime)
include(${CMAKE_CURRENT_LIST_DIR}/SizespecEnable.cmake)
