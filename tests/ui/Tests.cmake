# GUI suites: offscreen (QT_QPA_PLATFORM=offscreen, set by lockscope_add_test), each against
# real redis-server processes. Only with the GUI (LOCKSCOPE_BUILD_GUI).
if(LOCKSCOPE_BUILD_GUI)
  # The GUI suites' fixtures (ui/support/, one class per file): a library of their own, as they
  # need lockscope_ui, which the core suites' lockscope_testsupport must not bring in. A suite
  # that links it gets lockscope_ui and lockscope_testsupport with it.
  file(GLOB lockscope_ui_testsupport_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/support/*.cpp)
  add_library(lockscope_ui_testsupport STATIC ${lockscope_ui_testsupport_sources})
  target_link_libraries(lockscope_ui_testsupport PUBLIC lockscope_testsupport lockscope_ui)

  lockscope_add_test(tst_ServerSummary DIR ui LIBS lockscope_ui)
  lockscope_add_test(tst_GuiCommandLine DIR ui LIBS lockscope_ui)
  lockscope_add_test(tst_ConnectionController DIR ui LIBS lockscope_ui_testsupport)
  lockscope_add_test(tst_MainWindow DIR ui LIBS lockscope_ui_testsupport Qt6::Widgets)
  lockscope_add_test(tst_GuiStartup DIR ui LIBS lockscope_ui_testsupport Qt6::Widgets)
  lockscope_add_test(tst_UiTranslations DIR ui LIBS lockscope_ui Qt6::Widgets)
  lockscope_add_test(tst_LockTableModel DIR ui LIBS lockscope_ui Qt6::Widgets)
  lockscope_add_test(tst_LockMonitor DIR ui LIBS lockscope_ui_testsupport Qt6::Widgets)
  lockscope_add_test(tst_ConnectionProfiles DIR ui LIBS lockscope_ui_testsupport)
  lockscope_add_test(tst_ConnectionManager DIR ui LIBS lockscope_ui_testsupport Qt6::Widgets)
  lockscope_add_test(tst_PasswordVaultKeyring DIR ui LIBS lockscope_ui_testsupport Qt6::Widgets Qt6::DBus)
  lockscope_add_test(tst_DesktopColorScheme DIR ui LIBS lockscope_ui Qt6::Widgets Qt6::DBus)
  # The monitor on the other topologies: a three-master cluster, and a master behind a sentinel.
  lockscope_add_test(tst_ClusterMonitor DIR ui LIBS lockscope_ui_testsupport Qt6::Widgets)
  lockscope_add_test(tst_SentinelMonitor DIR ui LIBS lockscope_ui_testsupport Qt6::Widgets)
  lockscope_add_test(tst_LockCountdown DIR ui LIBS lockscope_ui_testsupport Qt6::Widgets)
  lockscope_add_test(tst_LockCopyActions DIR ui LIBS lockscope_ui_testsupport Qt6::Widgets)

  # Runs the real `lockscope` binary: start-up, signals, the sandbox's lifetime, --screenshot.
  lockscope_add_test(tst_GuiProcess DIR ui LIBS lockscope_ui)
  target_compile_definitions(tst_GuiProcess PRIVATE LOCKSCOPE_GUI_BINARY="$<TARGET_FILE:lockscope>")
  add_dependencies(tst_GuiProcess lockscope)
endif()

# The stress panel, the contention demo view and the Tools menu (issue 6), against real
# redis-server processes; DemoStepReading needs no server.
if(LOCKSCOPE_BUILD_GUI)
  lockscope_add_test(tst_StressPanel DIR ui LIBS lockscope_ui Qt6::Widgets Qt6::Charts)
  lockscope_add_test(tst_ContentionDemoView DIR ui LIBS lockscope_ui Qt6::Widgets)
  lockscope_add_test(tst_ToolWindows DIR ui LIBS lockscope_ui_testsupport Qt6::Widgets)
  lockscope_add_test(tst_DemoStepReading DIR ui LIBS lockscope_ui)
  # What `lockscope --screenshot FILE --screenshot-tool stress|demo` waits for.
  lockscope_add_test(tst_ToolScreenshot DIR ui LIBS lockscope_ui_testsupport Qt6::Widgets Qt6::Charts)
endif()

# The core's sentences (recognition reasons, demo narration...) in the GUI's language, and the
# CLI's English left alone by the translation.
if(LOCKSCOPE_BUILD_GUI)
  lockscope_add_test(tst_CoreTextTranslations DIR ui LIBS lockscope_ui Qt6::Widgets)
  lockscope_add_test(tst_CliStaysEnglish DIR ui LIBS lockscope_ui lockscope_cli)
endif()

# Every tr() string of the GUI is translated into Simplified Chinese (lupdate into a scratch copy).
if(LOCKSCOPE_BUILD_GUI)
  add_test(NAME ui_translations_complete
    COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${PROJECT_SOURCE_DIR} -DLUPDATE=$<TARGET_FILE:Qt6::lupdate>
            -DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/translations-check -P ${CMAKE_CURRENT_SOURCE_DIR}/ui/CheckTranslationsComplete.cmake)
endif()
