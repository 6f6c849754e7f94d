# The .deb as users get it: built by CPack from this build tree, unpacked into a temporary
# root, and checked file by file (binaries, desktop integration, dependencies).
if(LOCKSCOPE_BUILD_GUI)
  add_test(NAME packaging_deb
    COMMAND ${CMAKE_COMMAND} -DBUILD_DIR=${PROJECT_BINARY_DIR} -DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/packaging_deb
            -DEXPECT_KEYCHAIN=${LOCKSCOPE_HAVE_QTKEYCHAIN}
            -P ${CMAKE_CURRENT_SOURCE_DIR}/packaging/CheckDebPackage.cmake)
  set_tests_properties(packaging_deb PROPERTIES TIMEOUT 300)
endif()
