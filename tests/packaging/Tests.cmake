# The .deb as users get it: built by CPack from this build tree, unpacked into a temporary
# root, and checked file by file (binaries, desktop integration, dependencies).
if(LOCKSCOPE_BUILD_GUI)
  add_test(NAME packaging_deb
    COMMAND ${CMAKE_COMMAND} -DBUILD_DIR=${PROJECT_BINARY_DIR} -DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/packaging_deb
            -DEXPECT_KEYCHAIN=${LOCKSCOPE_HAVE_QTKEYCHAIN}
            -DDOCS_FILE=${PROJECT_SOURCE_DIR}/docs/install.md -DCHANGELOG_MD=${PROJECT_SOURCE_DIR}/CHANGELOG.md
            -P ${CMAKE_CURRENT_SOURCE_DIR}/packaging/CheckDebPackage.cmake)
  set_tests_properties(packaging_deb PROPERTIES TIMEOUT 300)
endif()

# The manual pages (made from each program's --help) render without warnings and name every
# option and command --help names.
set(manualPagePrograms lockscope-cli)
if(LOCKSCOPE_BUILD_GUI)
  list(APPEND manualPagePrograms lockscope)
  # The completions of both programs, driven as bash and zsh drive them on Tab (the saved
  # profiles' names come from the GUI).
  add_test(NAME packaging_completion_bash
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/packaging/completion_bash.sh ${PROJECT_BINARY_DIR})
  add_test(NAME packaging_completion_zsh
    COMMAND zsh -f ${CMAKE_CURRENT_SOURCE_DIR}/packaging/completion_zsh.zsh ${PROJECT_BINARY_DIR})
endif()
# lockscope-cli's definition of its commands and flags against its --help, manual page and bash,
# zsh and fish completions, written from it; and that check failing on a page that lacks a flag.
add_test(NAME packaging_cli_docs_consistency
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/packaging/cli_docs_consistency.sh ${PROJECT_BINARY_DIR})
add_test(NAME packaging_cli_docs_consistency_detects_a_missing_flag
  COMMAND sh -c "sed '/fB.-.-no.-possible/d' \"$1/packaging/manpages/lockscope-cli.1\" > \"$2\" && bash \"$0\" \"$1\" \"$2\""
          ${CMAKE_CURRENT_SOURCE_DIR}/packaging/cli_docs_consistency.sh ${PROJECT_BINARY_DIR}
          ${CMAKE_CURRENT_BINARY_DIR}/lockscope-cli-without-a-flag.1)
set_tests_properties(packaging_cli_docs_consistency_detects_a_missing_flag PROPERTIES
  PASS_REGULAR_EXPRESSION "list: --no-possible is not in its section of lockscope-cli\\(1\\)")
add_test(NAME packaging_completion_fish
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/packaging/completion_fish.sh ${PROJECT_BINARY_DIR})
list(JOIN manualPagePrograms "," manualPagePrograms)
add_test(NAME packaging_manpages
  COMMAND ${CMAKE_COMMAND} -DPROGRAMS=${manualPagePrograms} -DPAGE_DIR=${PROJECT_BINARY_DIR}/packaging/manpages
          -P ${CMAKE_CURRENT_SOURCE_DIR}/packaging/CheckManPages.cmake)

# Both programs print the project's version (the one in the top-level project()), and nothing else.
set(versionPrograms lockscope-cli)
if(LOCKSCOPE_BUILD_GUI)
  list(APPEND versionPrograms lockscope)
endif()
foreach(program ${versionPrograms})
  add_test(NAME packaging_version_${program} COMMAND ${program} --version)
  string(REPLACE "." "\\." escapedVersion "${PROJECT_VERSION}")
  set_tests_properties(packaging_version_${program} PROPERTIES
    ENVIRONMENT QT_QPA_PLATFORM=offscreen PASS_REGULAR_EXPRESSION "^${program} ${escapedVersion}\n$")
endforeach()
