# Run by CPack (CPACK_PRE_BUILD_SCRIPTS) on the staged files before it packs them: strips the
# programs as Debian's dh_strip does, debug symbols and the .comment and .note sections (which
# plain `strip`, CPACK_STRIP_FILES, leaves; lintian: binary-has-unneeded-section). The build
# tree keeps the unstripped programs.
find_program(STRIP_PROGRAM NAMES strip REQUIRED)
file(GLOB_RECURSE programs LIST_DIRECTORIES false "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/*/bin/*")
foreach(program ${programs})
  execute_process(COMMAND "${STRIP_PROGRAM}" --remove-section=.comment --remove-section=.note "${program}"
    RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "strip ${program} failed: ${err}")
  endif()
endforeach()
