# The benchmark configurations, and helpers that build one binary per
# configuration from the same sources:
#
#   on        the plugin, the sizespec runtime (sizespec_enable)
#   off       the same runtime, plugin argument `off` (generic path only)
#   glibc     no sizespec at all: libstdc++'s operator new over glibc malloc
#   mimalloc, jemalloc, tcmalloc
#             no sizespec; Debian's allocator library replaces malloc and
#             operator new by being linked in
#   on+mimalloc, on+jemalloc, on+tcmalloc
#             `on` with that allocator linked after the runtime: sizespec
#             serves its classes, the allocator malloc and the rest (whole
#             programs only: sizespec_bench_executable(... COMPOSED))
#
# (`control`, `on` against itself, is a second run of the `on` binaries; the
# harness adds it.) Binaries land in ${SIZESPEC_BENCH_BIN_DIR}/<config>/<name>
# so the harness finds every configuration of a program by one name.

find_package(benchmark REQUIRED)
include(Sizespec OPTIONAL)

set(SIZESPEC_BENCH_BIN_DIR ${CMAKE_BINARY_DIR}/bench/bin)

set(SIZESPEC_BENCH_CONFIGS)
if(COMMAND sizespec_enable)
  list(APPEND SIZESPEC_BENCH_CONFIGS on off)
else()
  message(WARNING "bench: cmake/Sizespec.cmake has no sizespec_enable(); "
                  "building without the on/off configurations")
endif()
list(APPEND SIZESPEC_BENCH_CONFIGS glibc)

# Debian names: libmimalloc-dev, libjemalloc-dev, libgoogle-perftools-dev
# (tcmalloc_minimal: tcmalloc without the heap profiler's hooks).
set(_sizespec_bench_alloc_libs mimalloc mimalloc jemalloc jemalloc
    tcmalloc tcmalloc_minimal)
while(_sizespec_bench_alloc_libs)
  list(POP_FRONT _sizespec_bench_alloc_libs config lib)
  find_library(SIZESPEC_BENCH_LIB_${config} ${lib})
  if(SIZESPEC_BENCH_LIB_${config})
    list(APPEND SIZESPEC_BENCH_CONFIGS ${config})
  else()
    message(WARNING "bench: lib${lib} not found; no ${config} configuration "
                    "(scripts/install-deps bench installs it)")
  endif()
endwhile()
# The composed configurations: on+<allocator>, for each allocator built.
set(SIZESPEC_BENCH_COMPOSED)
if(COMMAND sizespec_enable)
  foreach(config mimalloc jemalloc tcmalloc)
    if(config IN_LIST SIZESPEC_BENCH_CONFIGS)
      list(APPEND SIZESPEC_BENCH_COMPOSED ${config})
    endif()
  endforeach()
endif()
message(STATUS "bench: configurations ${SIZESPEC_BENCH_CONFIGS}, and on+ "
               "${SIZESPEC_BENCH_COMPOSED} for the whole programs")

# Every benchmark binary: bench/run builds this target only, so a broken
# tool elsewhere in the tree does not stop a measurement.
add_custom_target(sizespec-bench)

# Makes <target> a member of configuration <config>.
function(_sizespec_bench_configure target config)
  if(config STREQUAL "on")
    sizespec_enable(${target})
    target_compile_definitions(${target} PRIVATE SIZESPEC_BENCH_RUNTIME=1)
  elseif(config STREQUAL "off")
    sizespec_enable(${target} OFF)
    target_compile_definitions(${target} PRIVATE SIZESPEC_BENCH_RUNTIME=1)
  elseif(NOT config STREQUAL "glibc")
    # The library only replaces malloc if it is really loaded: keep the
    # linker from dropping it as "not needed" (the binary calls none of its
    # symbols by name). The harness checks what got loaded.
    target_link_options(${target} PRIVATE "LINKER:--no-as-needed")
    target_link_libraries(${target} PRIVATE ${SIZESPEC_BENCH_LIB_${config}})
  endif()
endfunction()

# sizespec_bench_library(<name> SOURCES <src>... [INCLUDE_DIRECTORIES <dir>...])
#
# A static library in the variants the configurations need: <name>-on and
# <name>-off compiled like `on` and `off`, <name>-plain without the plugin
# (for glibc and the other allocators).
function(sizespec_bench_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;INCLUDE_DIRECTORIES" ${ARGN})
  set(variants plain)
  if(COMMAND sizespec_enable)
    list(APPEND variants on off)
  endif()
  foreach(variant IN LISTS variants)
    add_library(${name}-${variant} STATIC ${ARG_SOURCES})
    target_include_directories(${name}-${variant} SYSTEM PUBLIC
                               ${ARG_INCLUDE_DIRECTORIES})
    if(variant STREQUAL "plain")
      _sizespec_bench_configure(${name}-${variant} glibc)
    else()
      _sizespec_bench_configure(${name}-${variant} ${variant})
    endif()
  endforeach()
endfunction()

# Links <target> with LIBRARIES and the <variant> of each VARIANT_LIBRARIES,
# and gives it INCLUDE_DIRECTORIES.
macro(_sizespec_bench_link target variant)
  target_link_libraries(${target} PRIVATE ${ARG_LIBRARIES})
  target_include_directories(${target} SYSTEM PRIVATE ${ARG_INCLUDE_DIRECTORIES})
  foreach(lib IN LISTS ARG_VARIANT_LIBRARIES)
    target_link_libraries(${target} PRIVATE ${lib}-${variant})
  endforeach()
endmacro()

# sizespec_bench_executable(<name> SOURCES <src>... [LIBRARIES <lib>...]
#                           [VARIANT_LIBRARIES <name>...]
#                           [INCLUDE_DIRECTORIES <dir>...] [COMPOSED])
#
# One executable per configuration, ${SIZESPEC_BENCH_BIN_DIR}/<config>/<name>
# (target <name>-<config>). VARIANT_LIBRARIES are sizespec_bench_library()
# names: each executable links the variant matching its configuration.
# COMPOSED adds the on+<allocator> configurations: the `on` objects linked
# with the allocator after the runtime (sizespec_enable's WITH).
function(sizespec_bench_executable name)
  cmake_parse_arguments(ARG "COMPOSED" ""
    "SOURCES;LIBRARIES;VARIANT_LIBRARIES;INCLUDE_DIRECTORIES" ${ARGN})
  # The configurations without the plugin share one compile, so glibc,
  # mimalloc, jemalloc and tcmalloc run the very same machine code and
  # differ only in the allocator they load.
  add_library(${name}-plain-objs OBJECT ${ARG_SOURCES})
  _sizespec_bench_configure(${name}-plain-objs glibc)
  _sizespec_bench_link(${name}-plain-objs plain)
  foreach(config IN LISTS SIZESPEC_BENCH_CONFIGS)
    set(target ${name}-${config})
    if(config STREQUAL "on" OR config STREQUAL "off")
      add_executable(${target} ${ARG_SOURCES})
      set(variant ${config})
    else()
      add_executable(${target} $<TARGET_OBJECTS:${name}-plain-objs>)
      set(variant plain)
    endif()
    _sizespec_bench_link(${target} ${variant})
    _sizespec_bench_configure(${target} ${config})
    add_dependencies(sizespec-bench ${target})
    set_target_properties(${target} PROPERTIES
      OUTPUT_NAME ${name}
      RUNTIME_OUTPUT_DIRECTORY ${SIZESPEC_BENCH_BIN_DIR}/${config})
  endforeach()
  if(NOT ARG_COMPOSED OR NOT SIZESPEC_BENCH_COMPOSED)
    return()
  endif()
  # on+<allocator>: the `on` program's own objects, compiled once.
  add_library(${name}-on-objs OBJECT ${ARG_SOURCES})
  _sizespec_bench_configure(${name}-on-objs on)
  _sizespec_bench_link(${name}-on-objs on)
  foreach(alloc IN LISTS SIZESPEC_BENCH_COMPOSED)
    set(target ${name}-on-${alloc})
    add_executable(${target} $<TARGET_OBJECTS:${name}-on-objs>)
    _sizespec_bench_link(${target} on)
    # The runtime first, then the allocator: its operator new must lose.
    target_link_libraries(${target} PRIVATE ${SIZESPEC_RUNTIME_TARGET}
      "-Wl,--push-state,--no-as-needed" ${SIZESPEC_BENCH_LIB_${alloc}}
      "-Wl,--pop-state")
    add_dependencies(sizespec-bench ${target})
    set_target_properties(${target} PROPERTIES
      OUTPUT_NAME ${name}
      RUNTIME_OUTPUT_DIRECTORY ${SIZESPEC_BENCH_BIN_DIR}/on+${alloc})
  endforeach()
endfunction()
