# The formatting and file-size checks must fail on what they forbid, not only pass on the
# repository: a small formatted tree passes both; each case breaks one rule in a copy of it and
# the check must fail naming the file. (`@` stands for `;`, which CMake lists split on.)
# Inputs: -DFORMAT_CHECK=<CheckFormatting.cmake> -DSIZE_CHECK=<CheckFileSizes.cmake>
#         -DSTYLE=<the root's .clang-format> -DWORK_DIR=<scratch folder>
cmake_minimum_required(VERSION 3.25)

set(clean_files
  "core/common/Thing.h|#pragma once\n\n#include \"common/Other.h\"\n\n#include <string>\n\nnamespace lockscope {\n\nint thing()@\n\n} // namespace lockscope"
  "core/common/Thing.cpp|#include \"common/Thing.h\"\n\n#include <vector>\n\nnamespace lockscope {\n\nint thing()\n{\n    return 1@\n}\n\n} // namespace lockscope"
  "core/common/Other.h|#pragma once"
  "tests/tst_Thing.cpp|#include \"common/Thing.h\"\n\n#include <QtTest>\n\nint main()\n{\n    return 0@\n}\n\n#include \"tst_Thing.moc\""
)
# name | check (FORMAT or SIZE) | file | its new contents ("LONG": 601 lines) | what the failure must name
set(cases
  "a file clang-format would change|FORMAT|core/common/Thing.cpp|#include \"common/Thing.h\"\n\nint  thing() { return 1@ }|core/common/Thing.cpp"
  "a source file whose own header is not first|FORMAT|core/common/Thing.cpp|#include \"common/Other.h\"\n#include \"common/Thing.h\"|its own header Thing.h"
  "a project include after a system one|FORMAT|core/common/Thing.h|#pragma once\n\n#include <string>\n\n#include \"common/Other.h\"|comes after #include <string>"
  "a source file over 600 lines|SIZE|core/common/Thing.cpp|LONG|core/common/Thing.cpp: 601 lines"
)

include(${CMAKE_CURRENT_LIST_DIR}/ScratchTree.cmake)

string(ASCII 59 semicolon)
function(write_text path text)
  string(REPLACE "\\n" "\n" text "${text}")
  string(REPLACE "@" "${semicolon}" text "${text}")
  file(WRITE "${path}" "${text}\n")
endfunction()

function(prepare root)
  file(REMOVE_RECURSE "${root}")
  foreach(entry IN LISTS clean_files)
    string(REGEX MATCH "^([^|]+)\\|(.*)$" _ "${entry}")
    write_text("${root}/${CMAKE_MATCH_1}" "${CMAKE_MATCH_2}")
  endforeach()
  file(COPY_FILE "${STYLE}" "${root}/.clang-format")
endfunction()

set(failures "")
prepare("${WORK_DIR}/clean")
foreach(CHECK IN ITEMS "${FORMAT_CHECK}" "${SIZE_CHECK}")
  run_check("${WORK_DIR}/clean" status out)
  if(NOT status EQUAL 0)
    list(APPEND failures "the clean tree fails ${CHECK}:\n${out}")
  endif()
endforeach()

set(index 0)
foreach(entry IN LISTS cases)
  string(REGEX MATCH "^([^|]+)\\|([^|]+)\\|([^|]+)\\|([^|]+)\\|(.*)$" _ "${entry}")
  set(name "${CMAKE_MATCH_1}")
  set(CHECK "${${CMAKE_MATCH_2}_CHECK}")
  set(file "${CMAKE_MATCH_3}")
  set(contents "${CMAKE_MATCH_4}")
  set(expected "${CMAKE_MATCH_5}")
  math(EXPR index "${index} + 1")
  set(root "${WORK_DIR}/case${index}")
  prepare("${root}")
  if(contents STREQUAL "LONG")
    string(REPEAT "// a line\\n" 600 contents)
  endif()
  write_text("${root}/${file}" "${contents}")
  run_check("${root}" status out)
  string(REGEX REPLACE "[ \n]+" " " flat "${out}") # CMake wraps its messages
  string(FIND "${flat}" "${expected}" names_it)
  if(status EQUAL 0)
    list(APPEND failures "${name}: passed")
  elseif(names_it EQUAL -1)
    list(APPEND failures "${name}: failed without naming '${expected}':\n${out}")
  endif()
endforeach()

if(failures)
  list(JOIN failures "\n" text)
  message(FATAL_ERROR "${text}")
endif()
message(STATUS "the clean tree passes; each of ${index} violations fails its check")
