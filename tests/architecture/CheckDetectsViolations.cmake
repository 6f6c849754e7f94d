# The dependency check must fail on each kind of wrong include, not only pass on the repository:
# a small tree that obeys every rule passes; the same tree plus one offending file fails, and the
# failure names that file. One case per rule; each case is a fresh copy.
# Inputs: -DCHECK=<CheckDependencies.cmake> -DWORK_DIR=<scratch folder>
cmake_minimum_required(VERSION 3.25)

# A tree that obeys the rules: each folder uses what it may.
set(clean_files
  "core/common/Result.h|#include <string>"
  "core/redis/RedisConnection.h|#include \"common/Result.h\""
  "core/locks/TokenLock.h|#include \"redis/RedisConnection.h\""
  "core/inspect/LockInspector.h|#include \"locks/TokenLock.h\""
  "core/history/HistoryStore.h|#include \"inspect/LockInspector.h\""
  "core/sandbox/Sandbox.h|#include \"inspect/LockInspector.h\""
  "core/faults/ChaosProxy.h|#include \"locks/TokenLock.h\""
  "core/stress/StressEngine.h|#include \"faults/ChaosProxy.h\""
  "core/demo/DemoCatalog.h|#include \"faults/ChaosProxy.h\""
  "cli/CliRunner.h|#include \"redis/RedisConnection.h\""
  "ui/base/CoreTexts.h|#include <QString>"
  "ui/connection/ConnectionController.h|#include \"base/CoreTexts.h\"\n#include \"redis/RedisConnection.h\""
  "ui/monitor/LockTableModel.h|#include \"connection/ConnectionController.h\""
  "ui/monitor/admin/LockAdminWorker.h|#include \"monitor/LockTableModel.h\""
  "ui/tools/stress/StressPanel.h|#include \"connection/ConnectionController.h\""
  "ui/app/MainWindow.h|#include \"monitor/LockTableModel.h\"\n#include \"tools/stress/StressPanel.h\""
  "app/gui_main.cpp|#include \"app/MainWindow.h\"\n#include \"cli/CliRunner.h\""
)
# name | offending file | its contents
set(cases
  "core includes Qt|core/redis/Bad.cpp|#include <QString>"
  "core includes ui|core/locks/Bad.cpp|#include \"monitor/LockTableModel.h\""
  "core includes cli|core/inspect/Bad.cpp|#include \"cli/CliRunner.h\""
  "cli includes Qt|cli/Bad.cpp|#include <QtCore/QString>"
  "cli includes ui|cli/Bad.cpp|#include \"ui/app/MainWindow.h\""
  "ui includes hiredis|ui/monitor/Bad.cpp|#include <hiredis/hiredis.h>"
  "ui includes OpenSSL|ui/connection/Bad.cpp|#include <openssl/ssl.h>"
  "ui includes cli|ui/app/Bad.cpp|#include \"cli/CliRunner.h\""
  "a tool uses the monitor|ui/tools/stress/Bad.cpp|#include \"monitor/LockTableModel.h\""
  "base uses another ui folder|ui/base/Bad.cpp|#include \"connection/ConnectionController.h\""
  "the connection uses the monitor|ui/connection/Bad.cpp|#include \"monitor/admin/LockAdminWorker.h\""
  "a core module uses one above it|core/redis/Bad.cpp|#include \"locks/TokenLock.h\""
  "the stress engine uses the demo|core/stress/Bad.cpp|#include \"demo/DemoCatalog.h\""
  "faults use the stress engine|core/faults/Bad.cpp|#include \"stress/StressEngine.h\""
  "the inspector uses the history|core/inspect/Bad.cpp|#include \"history/HistoryStore.h\""
  "the sandbox uses the faults|core/sandbox/Bad.cpp|#include \"faults/ChaosProxy.h\""
  "a crowded folder (41 files)|core/redis/Bad.cpp|#include <string>"
  "a crowded test folder (41 files)|tests/support/Bad.cpp|#include <string>"
  "a folder without a rule|ui/newfolder/Bad.cpp|#include <string>"
)

include(${CMAKE_CURRENT_LIST_DIR}/ScratchTree.cmake)

set(failures "")
write_tree("${WORK_DIR}/clean" "#pragma once\n")
run_check("${WORK_DIR}/clean" status output)
if(NOT status EQUAL 0)
  list(APPEND failures "the clean tree fails:\n${output}")
endif()

set(index 0)
foreach(case IN LISTS cases)
  string(REGEX MATCH "^([^|]+)\\|([^|]+)\\|(.*)$" _ "${case}")
  set(name "${CMAKE_MATCH_1}")
  set(bad_file "${CMAKE_MATCH_2}")
  set(bad_text "${CMAKE_MATCH_3}")
  math(EXPR index "${index} + 1")
  set(root "${WORK_DIR}/case${index}")
  write_tree("${root}" "#pragma once\n")
  file(WRITE "${root}/${bad_file}" "${bad_text}\n")
  if(name MATCHES "\\(([0-9]+) files\\)")
    # Fill the offending file's folder up to that many files.
    get_filename_component(bad_folder "${root}/${bad_file}" DIRECTORY)
    file(GLOB present "${bad_folder}/*")
    list(LENGTH present have)
    foreach(n RANGE ${have} ${CMAKE_MATCH_1})
      if(n LESS ${CMAKE_MATCH_1})
        file(WRITE "${bad_folder}/Filler${n}.h" "#pragma once\n")
      endif()
    endforeach()
  endif()
  run_check("${root}" status output)
  if(status EQUAL 0)
    list(APPEND failures "${name}: the check passed")
  elseif(NOT output MATCHES "${bad_file}" AND NOT output MATCHES "files \\(at most 40")
    list(APPEND failures "${name}: the check failed without naming ${bad_file}:\n${output}")
  endif()
endforeach()

if(failures)
  list(JOIN failures "\n" text)
  message(FATAL_ERROR "${text}")
endif()
message(STATUS "the dependency check catches every case")
