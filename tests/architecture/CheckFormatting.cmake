# Fails when a C++ file of core/, cli/, ui/, app/, tests/ or fuzz/ is not as clang-format 14
# (Debian 12's, installed by packaging/setup-debian.sh) writes it with the root's .clang-format,
# or when its includes are out of order: a source file's own header first, the project's quoted
# includes before the <angle> ones (a test's generated .moc at the end excepted). clang-format
# sorts the includes within each block. Every file is checked, not only the changed ones, so the
# result does not depend on the history of a checkout.
# Input: -DSOURCE_DIR=<the repository, or a test's scratch tree>
cmake_minimum_required(VERSION 3.25)

find_program(clang_format NAMES clang-format-14 clang-format)
if(NOT clang_format)
  message(FATAL_ERROR "clang-format not found: packaging/setup-debian.sh installs clang-format (14)")
endif()
execute_process(COMMAND ${clang_format} --version OUTPUT_VARIABLE version)
if(NOT version MATCHES "version 14\\.")
  message(FATAL_ERROR "${clang_format} is not clang-format 14 (${version}): other versions format "
                      "differently; Debian 12's clang-format package is 14")
endif()

set(files "")
foreach(folder core cli ui app tests fuzz)
  file(GLOB_RECURSE found LIST_DIRECTORIES false RELATIVE "${SOURCE_DIR}"
    "${SOURCE_DIR}/${folder}/*.cpp" "${SOURCE_DIR}/${folder}/*.h")
  list(APPEND files ${found})
endforeach()
list(SORT files)
list(LENGTH files count)
if(count EQUAL 0)
  message(FATAL_ERROR "no C++ files under ${SOURCE_DIR}")
endif()

set(failures "")
execute_process(COMMAND ${clang_format} --dry-run -Werror ${files}
  WORKING_DIRECTORY "${SOURCE_DIR}" RESULT_VARIABLE status ERROR_VARIABLE formatting OUTPUT_VARIABLE formatting)
if(NOT status EQUAL 0)
  string(REGEX MATCHALL "[^\n]+: error: [^\n]+" lines "${formatting}")
  list(LENGTH lines wrong)
  list(SUBLIST lines 0 20 shown)
  list(JOIN shown "\n  " shown)
  list(APPEND failures "not formatted (${wrong} places; clang-format -i the file):\n  ${shown}")
endif()

foreach(path IN LISTS files)
  file(STRINGS "${SOURCE_DIR}/${path}" includes REGEX "^#include [<\"]")
  if(path MATCHES "\\.cpp$")
    string(REGEX REPLACE "\\.cpp$" ".h" own "${path}")
    if(EXISTS "${SOURCE_DIR}/${own}" AND includes)
      list(GET includes 0 first)
      get_filename_component(own_name "${own}" NAME)
      if(NOT first MATCHES "[\"/]${own_name}\"$")
        list(APPEND failures "${path}: its own header ${own_name} is not its first include (${first})")
      endif()
    endif()
  endif()
  set(angle "")
  foreach(line IN LISTS includes)
    if(line MATCHES "^#include <")
      set(angle "${line}")
    elseif(angle AND NOT line MATCHES "\\.moc\"$")
      list(APPEND failures "${path}: ${line} comes after ${angle}: the project's includes go first")
      break()
    endif()
  endforeach()
endforeach()

if(failures)
  list(JOIN failures "\n" text)
  message(FATAL_ERROR "${text}")
endif()
message(STATUS "${count} C++ files formatted, their includes in order")
