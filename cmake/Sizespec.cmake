# sizespec_enable(<target> [REPORT] [OFF] [MAX <bytes>] [SIDECAR <path>|none])
#
# For in-tree users (examples, tests): compiles <target> with the sizespec
# Clang plugin and links the runtime. Same arguments as the installed
# sizespecConfig.cmake.
#   REPORT   also print one line per allocation site (-fplugin-arg-sizespec-report)
#   OFF      the opt-out: the plugin is loaded but specializes nothing
#   MAX      size limit in bytes (-fplugin-arg-sizespec-max=N)
#   SIDECAR  where the per-TU JSON goes, or none (default: next to each object)
# Objects depend on the plugin file, so they rebuild when it changes.
function(sizespec_enable target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "REPORT;OFF" "MAX;SIDECAR" "")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "sizespec_enable: unknown arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "sizespec_enable(${target}): no such target")
  endif()
  if(NOT TARGET sizespec-plugin)
    message(FATAL_ERROR "sizespec_enable(${target}): the plugin is not built "
                        "(SIZESPEC_BUILD_CLANG_TOOLS is OFF)")
  endif()
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "sizespec_enable(${target}): the plugin needs Clang, "
                        "not ${CMAKE_CXX_COMPILER_ID}")
  endif()
  string(REGEX MATCH "^[0-9]+" compiler_major "${CMAKE_CXX_COMPILER_VERSION}")
  if(DEFINED LLVM_VERSION_MAJOR AND NOT compiler_major STREQUAL LLVM_VERSION_MAJOR)
    message(FATAL_ERROR "sizespec_enable(${target}): the plugin is built for "
                        "Clang ${LLVM_VERSION_MAJOR} but the compiler is "
                        "Clang ${CMAKE_CXX_COMPILER_VERSION}")
  endif()

  set(flags "-fplugin=$<TARGET_FILE:sizespec-plugin>")
  if(ARG_REPORT)
    list(APPEND flags "-fplugin-arg-sizespec-report")
  endif()
  if(ARG_OFF)
    list(APPEND flags "-fplugin-arg-sizespec-off")
  endif()
  if(DEFINED ARG_MAX)
    list(APPEND flags "-fplugin-arg-sizespec-max=${ARG_MAX}")
  endif()
  if(DEFINED ARG_SIDECAR)
    list(APPEND flags "-fplugin-arg-sizespec-sidecar=${ARG_SIDECAR}")
  endif()
  target_compile_options(${target} PRIVATE ${flags})
  add_dependencies(${target} sizespec-plugin)
  get_target_property(sources ${target} SOURCES)
  if(sources)
    # OBJECT_DEPENDS takes no generator expression in CMake 3.25 (Debian 12).
    get_target_property(plugin_dir sizespec-plugin BINARY_DIR)
    set_property(SOURCE ${sources} TARGET_DIRECTORY ${target} APPEND
                 PROPERTY OBJECT_DEPENDS "${plugin_dir}/sizespec-plugin.so")
  endif()
  target_link_libraries(${target} PRIVATE sizespec::runtime)
endfunction()
