# Sanitizer and fuzzing builds (the `sanitize` and `tsan` presets). Every target of the build is
# instrumented the same way: mixing instrumented and plain objects of our own code would hide
# the very bugs these builds look for. Qt, hiredis and OpenSSL stay as Debian ships them.
set(LOCKSCOPE_SANITIZE "" CACHE STRING
    "Sanitizers for every target (-fsanitize=...): e.g. address,undefined or thread; empty: none")
option(LOCKSCOPE_BUILD_FUZZERS "Build the libFuzzer targets in fuzz/ (clang only)" OFF)

if(LOCKSCOPE_SANITIZE)
  # -fno-sanitize-recover: an undefined-behaviour report fails the test instead of scrolling by.
  add_compile_options(-fsanitize=${LOCKSCOPE_SANITIZE} -fno-sanitize-recover=all -fno-omit-frame-pointer)
  add_link_options(-fsanitize=${LOCKSCOPE_SANITIZE})
endif()

if(LOCKSCOPE_BUILD_FUZZERS)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "LOCKSCOPE_BUILD_FUZZERS needs clang (libFuzzer): use the sanitize preset")
  endif()
  # Coverage feedback for libFuzzer in the code under test, without libFuzzer's main(): the
  # test suites of the same build link as usual. The fuzz targets add -fsanitize=fuzzer.
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
