# GUI suites: offscreen (QT_QPA_PLATFORM=offscreen, set by lockscope_add_test), each against
# real redis-server processes. Only with the GUI (LOCKSCOPE_BUILD_GUI).
if(LOCKSCOPE_BUILD_GUI)
  # The GUI suites' fixtures (ui/support/, one class per file): a library of their own, as they
  # need lockscope_ui, which the core suites' lockscope_testsupport must not bring in. A suite
  # that links it gets lockscope_ui and lockscope_testsupport with it.
  file(GLOB lockscope_ui_testsupport_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/support/*.cpp)
  add_library(lockscope_ui_testsupport STATIC ${lockscope_ui_testsupport_sources})
  target_link_libraries(lockscope_ui_testsupport PUBLIC lockscope_testsupport lockscope_ui)

  # One folder per ui/ folder, each with its own Tests.cmake.
  foreach(folder app base connection profiles monitor lockhistory fleetview tools/stress tools/contention)
    include(${CMAKE_CURRENT_LIST_DIR}/${folder}/Tests.cmake)
  endforeach()

  # Every tr() string of the GUI is translated into Simplified Chinese (lupdate into a scratch copy).
  add_test(NAME ui_translations_complete
    COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${PROJECT_SOURCE_DIR} -DLUPDATE=$<TARGET_FILE:Qt6::lupdate>
            -DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/translations-check -P ${CMAKE_CURRENT_SOURCE_DIR}/ui/CheckTranslationsComplete.cmake)
endif()
