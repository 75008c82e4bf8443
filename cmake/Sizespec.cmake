# sizespec_enable() for in-tree users (examples, tests): the plugin and the
# runtime of this build. The function itself is cmake/SizespecEnable.cmake,
# the same one an installed sizespec's sizespecConfig.cmake includes.
if(TARGET sizespec-plugin)
  get_target_property(sizespec_plugin_dir sizespec-plugin BINARY_DIR)
  set(SIZESPEC_PLUGIN "${sizespec_plugin_dir}/sizespec-plugin.so")
endif()
set(SIZESPEC_CLANG_VERSION_MAJOR "${LLVM_VERSION_MAJOR}")
set(SIZESPEC_RUNTIME_TARGET sizespec::runtime)
set(SIZESPEC_PLUGIN_TARGET sizespec-plugin)
include(${CMAKE_CURRENT_LIST_DIR}/SizespecEnable.cmake)
