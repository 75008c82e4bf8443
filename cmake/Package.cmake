# The Debian package: `cpack -G DEB` in the build directory writes
# sizespec_<version>-1_<arch>.deb with what `cmake --install` installs (the
# plugins, runtime, headers, sizespec-config, the wrappers, sizespec-report,
# sizespec-rewrite, the CMake package and sizespec.pc), under /usr.
#
# Depends: the Clang this build's plugin is for (clang-<major>: the plugin
# loads into it, sizespec-config --cxx and the wrappers run it) and the
# libraries dpkg-shlibdeps finds the tools need. A plugin built for another
# Clang (cmake/OtherClangs.cmake) is usable once that Clang is installed, so
# that Clang is suggested, not required.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME sizespec)
set(CPACK_PACKAGE_CONTACT "sizespec developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "Size-specialized allocation for C++ (Clang plugin and runtime)")
set(CPACK_PACKAGE_DESCRIPTION
  "A Clang plugin that routes every allocation whose size is known at compile
time to a routine specialized for its size class and for whether the type
holds pointers, and the runtime that provides those routines, a generic path
and replacement global operator new and delete. With sizespec-config,
compiler wrappers, a pkg-config file, a CMake package, the site report
(sizespec-report) and a source rewriter (sizespec-rewrite).")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "clang-${LLVM_VERSION_MAJOR}")
set(sizespec_suggests "libc++-${LLVM_VERSION_MAJOR}-dev")
foreach(major IN LISTS SIZESPEC_OTHER_CLANGS)
  string(APPEND sizespec_suggests ", clang-${major}")
endforeach()
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "${sizespec_suggests}")

include(CPack)
