# Fails when a source file outside tests/ is over 600 lines: a file that long holds more than one
# purpose and wants splitting by them (as LockTableModel's rows, loading, counts and display).
# Tests are specifications and may be as long as what they specify.
# Input: -DSOURCE_DIR=<the repository, or a test's scratch tree>
cmake_minimum_required(VERSION 3.25)

set(limit 600)
# Files being split under an open issue, each with the issue: remove the line with the split.
set(being_split
  ui/monitor/LockTableModel.cpp # issue #40: rows, loading, counts, display and sort
  ui/monitor/LockMonitorView.cpp # issue #40: its constructor routes actions and keeps a diff
  core/inspect/watch/LockWatcher.cpp # issue #40: its re-reads, once a lock has one identity
)

set(files "")
foreach(folder core cli ui app fuzz)
  file(GLOB_RECURSE found LIST_DIRECTORIES false RELATIVE "${SOURCE_DIR}"
    "${SOURCE_DIR}/${folder}/*.cpp" "${SOURCE_DIR}/${folder}/*.h")
  list(APPEND files ${found})
endforeach()
list(SORT files)

set(failures "")
foreach(path IN LISTS files)
  file(READ "${SOURCE_DIR}/${path}" text)
  string(REGEX MATCHALL "\n" breaks "${text}")
  list(LENGTH breaks lines)
  if(lines GREATER limit AND NOT path IN_LIST being_split)
    list(APPEND failures "${path}: ${lines} lines (at most ${limit}): split it by purpose")
  endif()
endforeach()

if(failures)
  list(JOIN failures "\n" text)
  message(FATAL_ERROR "${text}")
endif()
list(LENGTH files count)
message(STATUS "${count} source files, none over ${limit} lines")
