# Fails when a user-visible string of the GUI has no Simplified Chinese translation: runs lupdate
# over ui/ and core/ (the core's LOCKSCOPE_TEXT templates, which the GUI shows) into a scratch copy of the shipped .ts file (the shipped file is never touched) and
# lists the messages lupdate leaves "unfinished". The fix is
# `cmake --build <dir> --target update_translations`, then translating what it added.
# Inputs: -DSOURCE_DIR=<repository root> -DLUPDATE=<lupdate binary> -DWORK_DIR=<scratch folder>
cmake_minimum_required(VERSION 3.25)

set(shipped "${SOURCE_DIR}/ui/translations/lockscope_zh_CN.ts")
set(scratch "${WORK_DIR}/lockscope_zh_CN.ts")
file(MAKE_DIRECTORY "${WORK_DIR}")
file(COPY_FILE "${shipped}" "${scratch}")

execute_process(
  COMMAND "${LUPDATE}" "${SOURCE_DIR}/ui" "${SOURCE_DIR}/core" -extensions cpp,h
          -tr-function-alias QT_TRANSLATE_NOOP+=LOCKSCOPE_TEXT -I "${SOURCE_DIR}" -I "${SOURCE_DIR}/core" -I "${SOURCE_DIR}/ui" -locations none -no-obsolete -silent -ts "${scratch}"
  RESULT_VARIABLE status
  OUTPUT_VARIABLE output
  ERROR_VARIABLE output)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "lupdate failed (${status}):\n${output}")
endif()

file(READ "${scratch}" contents)
string(REGEX MATCHALL "<source>[^<]*</source>[ \t\r\n]*<translation type=\"unfinished\"" untranslated "${contents}")
list(LENGTH untranslated count)
if(count GREATER 0)
  string(REGEX REPLACE "<translation type=\"unfinished\"" "" listing "${untranslated}")
  string(REPLACE ";" "\n" listing "${listing}")
  message(FATAL_ERROR "${count} GUI string(s) have no zh_CN translation:\n${listing}")
endif()
message(STATUS "Every GUI string has a zh_CN translation.")
