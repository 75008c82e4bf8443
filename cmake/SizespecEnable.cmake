# sizespec_enable(<target> [REPORT] [OFF] [MAX <bytes>] [SIDECAR <path>|NONE])
#
# The one definition, for the build tree (cmake/Sizespec.cmake) and for an
# installed sizespec (sizespecConfig.cmake). Compiles the C++ sources of
# <target> with the sizespec plugin and links the runtime.
#   REPORT   also print one line per allocation site (-fplugin-arg-sizespec-report)
#   OFF      the A/B opt-out: the plugin is loaded but specializes nothing
#   MAX      size limit in bytes (-fplugin-arg-sizespec-max=N)
#   SIDECAR  where the per-TU JSON goes, or NONE (default: next to each object)
# Objects depend on the plugin file, so they rebuild when it changes.
#
# The including file sets:
#   SIZESPEC_PLUGIN               the plugin's path
#   SIZESPEC_CLANG_VERSION_MAJOR  the Clang it was built for
#   SIZESPEC_RUNTIME_TARGET       the runtime library's target
#   SIZESPEC_PLUGIN_TARGET        (build tree only) the target that builds it
function(sizespec_enable target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "REPORT;OFF" "MAX;SIDECAR" "")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR
      "sizespec_enable(${target}): unknown arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "sizespec_enable(${target}): no such target")
  endif()
  if(SIZESPEC_PLUGIN_TARGET AND NOT TARGET ${SIZESPEC_PLUGIN_TARGET})
    message(FATAL_ERROR "sizespec_enable(${target}): the plugin is not built "
      "(SIZESPEC_BUILD_CLANG_TOOLS is OFF)")
  endif()
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "sizespec_enable(${target}): the sizespec plugin is a "
      "Clang ${SIZESPEC_CLANG_VERSION_MAJOR} plugin, but the C++ compiler is "
      "${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION} "
      "(set CMAKE_CXX_COMPILER=clang++-${SIZESPEC_CLANG_VERSION_MAJOR})")
  endif()
  string(REGEX MATCH "^[0-9]+" major "${CMAKE_CXX_COMPILER_VERSION}")
  if(NOT major STREQUAL SIZESPEC_CLANG_VERSION_MAJOR)
    message(FATAL_ERROR "sizespec_enable(${target}): the sizespec plugin was "
      "built for Clang ${SIZESPEC_CLANG_VERSION_MAJOR}, but the C++ compiler "
      "is Clang ${CMAKE_CXX_COMPILER_VERSION} "
      "(set CMAKE_CXX_COMPILER=clang++-${SIZESPEC_CLANG_VERSION_MAJOR})")
  endif()

  set(flags "-fplugin=${SIZESPEC_PLUGIN}")
  if(ARG_REPORT)
    list(APPEND flags -fplugin-arg-sizespec-report)
  endif()
  if(ARG_OFF)
    list(APPEND flags -fplugin-arg-sizespec-off)
  endif()
  if(DEFINED ARG_MAX)
    if(NOT ARG_MAX MATCHES "^[0-9]+$")
      message(FATAL_ERROR "sizespec_enable(${target}): MAX wants a size in "
        "bytes, got '${ARG_MAX}'")
    endif()
    list(APPEND flags -fplugin-arg-sizespec-max=${ARG_MAX})
  endif()
  if(DEFINED ARG_SIDECAR)
    if(ARG_SIDECAR STREQUAL "NONE")
      list(APPEND flags -fplugin-arg-sizespec-sidecar=none)
    else()
      list(APPEND flags -fplugin-arg-sizespec-sidecar=${ARG_SIDECAR})
    endif()
  endif()
  # C++ only: a C file of the same target compiles as it would without us.
  foreach(flag IN LISTS flags)
    target_compile_options(${target} PRIVATE
      "$<$<COMPILE_LANGUAGE:CXX>:${flag}>")
  endforeach()
  target_link_libraries(${target} PRIVATE ${SIZESPEC_RUNTIME_TARGET})

  if(SIZESPEC_PLUGIN_TARGET)
    add_dependencies(${target} ${SIZESPEC_PLUGIN_TARGET})
  endif()
  # OBJECT_DEPENDS takes no generator expression in CMake 3.25 (Debian 12),
  # hence a plain path and no generated sources.
  get_target_property(sources ${target} SOURCES)
  list(FILTER sources EXCLUDE REGEX "\\$<")
  if(sources)
    set_property(SOURCE ${sources} TARGET_DIRECTORY ${target} APPEND
      PROPERTY OBJECT_DEPENDS "${SIZESPEC_PLUGIN}")
  endif()
endfunction()
