# The allocators sizespec composes with: it serves the classes it
# specializes and leaves malloc and the large sizes to one of these, loaded
# after libsizespec.so (README, "With tcmalloc, jemalloc or mimalloc"). Each
# is the shared library a program loads, from its Debian package. The one
# list: sizespec-config and the wrappers are generated from it
# (tools/CMakeLists.txt).
set(SIZESPEC_ALLOCATORS tcmalloc jemalloc mimalloc)
set(SIZESPEC_ALLOCATOR_LIB_tcmalloc libtcmalloc_minimal.so.4)
set(SIZESPEC_ALLOCATOR_PACKAGE_tcmalloc libtcmalloc-minimal4)
set(SIZESPEC_ALLOCATOR_LIB_jemalloc libjemalloc.so.2)
set(SIZESPEC_ALLOCATOR_PACKAGE_jemalloc libjemalloc2)
set(SIZESPEC_ALLOCATOR_LIB_mimalloc libmimalloc.so.2)
set(SIZESPEC_ALLOCATOR_PACKAGE_mimalloc libmimalloc2.0)

# sizespec_enable(<target> [REPORT] [OFF] [MAX <bytes>] [SIDECAR <path>|NONE]
#                 [WITH tcmalloc|jemalloc|mimalloc])
#
# The one definition, for the build tree (cmake/Sizespec.cmake) and for an
# installed sizespec (sizespecConfig.cmake). Compiles the C++ sources of
# <target> with the sizespec plugin and links the runtime.
#   REPORT   also print one line per allocation site (-fplugin-arg-sizespec-report)
#   OFF      the A/B opt-out: the plugin is loaded but specializes nothing
#   MAX      size limit in bytes (-fplugin-arg-sizespec-max=N)
#   SIDECAR  also export the per-TU JSON to this path, or NONE (the default:
#            the records are in each object's .sizespec.sites section)
#   WITH     link that allocator after the runtime: sizespec serves its
#            classes, the allocator malloc and everything else
# Objects depend on the plugin file, so they rebuild when it changes.
#
# The plugin is the one for the C++ compiler's Clang major version.
#
# The including file sets:
#   SIZESPEC_PLUGIN_DIR           <libdir>/sizespec: the plugins are in
#                                 clang-<major>/sizespec-plugin.so below it
#   SIZESPEC_CLANG_VERSIONS       the Clang major versions there is a plugin for
#   SIZESPEC_INCLUDE_DIR          the runtime headers' directory
#   SIZESPEC_RUNTIME_TARGET       the runtime library's target
#   SIZESPEC_PLUGIN_TARGET_<major> (build tree only) the target that builds
#                                 the plugin for that Clang
#   SIZESPEC_HASH_PLUGIN          (installed only) name the plugin's content
#                                 in the flags, for caches
function(sizespec_enable target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "REPORT;OFF" "MAX;SIDECAR;WITH" "")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR
      "sizespec_enable(${target}): unknown arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "sizespec_enable(${target}): no such target")
  endif()
  list(JOIN SIZESPEC_CLANG_VERSIONS ", " versions)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "sizespec_enable(${target}): the sizespec plugin is a "
      "Clang plugin (built for Clang ${versions}), but the C++ compiler is "
      "${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION} "
      "(set CMAKE_CXX_COMPILER=clang++-${SIZESPEC_CLANG_VERSIONS})")
  endif()
  string(REGEX MATCH "^[0-9]+" major "${CMAKE_CXX_COMPILER_VERSION}")
  if(NOT major IN_LIST SIZESPEC_CLANG_VERSIONS)
    list(GET SIZESPEC_CLANG_VERSIONS 0 first)
    message(FATAL_ERROR "sizespec_enable(${target}): there is no sizespec "
      "plugin for Clang ${CMAKE_CXX_COMPILER_VERSION}, only for Clang "
      "${versions} (set CMAKE_CXX_COMPILER=clang++-${first})")
  endif()
  set(plugin "${SIZESPEC_PLUGIN_DIR}/clang-${major}/sizespec-plugin.so")
  set(plugin_target "${SIZESPEC_PLUGIN_TARGET_${major}}")
  if(NOT plugin_target AND NOT EXISTS "${plugin}")
    message(FATAL_ERROR "sizespec_enable(${target}): ${plugin} is missing")
  endif()

  # The same file is the plugin's LLVM pass, which Clang 22 only loads
  # from -fpass-plugin= (docs/interfaces.md, "Late specialization").
  set(flags "-fplugin=${plugin}" "-fpass-plugin=${plugin}")
  if(SIZESPEC_HASH_PLUGIN)
    file(SHA256 "${plugin}" digest)
    string(SUBSTRING "${digest}" 0 16 digest)
    list(APPEND flags "-fplugin-arg-sizespec-id=${digest}")
  endif()
  list(APPEND flags
    "SHELL:-isystem ${SIZESPEC_INCLUDE_DIR}"
    "SHELL:-include ${SIZESPEC_INCLUDE_DIR}/sizespec/site_markers.h")
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
  # The runtime first on the link line, before the target's objects and
  # any library it links (tcmalloc or jemalloc among them), then the WITH
  # allocator: the program's NEEDED list, and so symbol lookup, finds the
  # runtime's operator new first. Link options come before both in CMake's
  # link rule, and leave target_link_libraries to the project, in whichever
  # signature it uses. A static or object library passes them on to what
  # links it.
  set(runtime_file "$<TARGET_FILE:${SIZESPEC_RUNTIME_TARGET}>")
  set(link "-Wl,-rpath,$<TARGET_FILE_DIR:${SIZESPEC_RUNTIME_TARGET}>"
    "-Wl,--push-state,--no-as-needed" "${runtime_file}")
  if(DEFINED ARG_WITH)
    if(NOT ARG_WITH IN_LIST SIZESPEC_ALLOCATORS)
      list(JOIN SIZESPEC_ALLOCATORS ", " known)
      message(FATAL_ERROR "sizespec_enable(${target}): WITH wants one of "
        "${known}, got '${ARG_WITH}'")
    endif()
    list(APPEND link "-l:${SIZESPEC_ALLOCATOR_LIB_${ARG_WITH}}")
  endif()
  list(APPEND link "-Wl,--pop-state")
  get_target_property(type ${target} TYPE)
  if(type MATCHES "^(STATIC_LIBRARY|OBJECT_LIBRARY|INTERFACE_LIBRARY)$")
    set(scope INTERFACE)
  else()
    set(scope PRIVATE)
    set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS "${runtime_file}")
  endif()
  target_link_options(${target} BEFORE ${scope} ${link})
  get_target_property(runtime_real ${SIZESPEC_RUNTIME_TARGET} ALIASED_TARGET)
  if(runtime_real)
    add_dependencies(${target} ${runtime_real}) # built in this tree
  endif()

  if(plugin_target)
    add_dependencies(${target} ${plugin_target})
  endif()
  # OBJECT_DEPENDS takes no generator expression in CMake 3.25 (Debian 12),
  # hence a plain path and no generated sources.
  get_target_property(sources ${target} SOURCES)
  list(FILTER sources EXCLUDE REGEX "\\$<")
  if(sources)
    set_property(SOURCE ${sources} TARGET_DIRECTORY ${target} APPEND
      PROPERTY OBJECT_DEPENDS "${plugin}")
  endif()
endfunction()
