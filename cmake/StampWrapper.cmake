# cmake -DIN=<template> -DOUT=<wrapper> -DFILES=<a|b|...> -P StampWrapper.cmake
#
# Writes the compiler wrapper OUT from IN with the digest of FILES (the
# plugins and the runtime headers) in place of @SIZESPEC_WRAPPER_DIGEST@, so
# the wrapper changes whenever one of them does. Also include()d by the
# install step, with the installed files.
string(REPLACE "|" ";" FILES "${FILES}")
set(sizespec_digest_input "")
foreach(f IN LISTS FILES)
  file(SHA256 "${f}" h)
  string(APPEND sizespec_digest_input "${h}\n")
endforeach()
string(SHA256 sizespec_digest "${sizespec_digest_input}")
file(READ "${IN}" sizespec_text)
string(REPLACE "@SIZESPEC_WRAPPER_DIGEST@" "${sizespec_digest}" sizespec_text
  "${sizespec_text}")
file(WRITE "${OUT}" "${sizespec_text}")
file(CHMOD "${OUT}" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE
  GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
