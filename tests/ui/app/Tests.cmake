lockscope_add_test(tst_GuiCommandLine DIR ui/app LIBS lockscope_ui)
lockscope_add_test(tst_MainWindow DIR ui/app LIBS lockscope_ui_testsupport Qt6::Widgets)
lockscope_add_test(tst_GuiStartup DIR ui/app LIBS lockscope_ui_testsupport Qt6::Widgets)
lockscope_add_test(tst_UiTranslations DIR ui/app LIBS lockscope_ui Qt6::Widgets)
lockscope_add_test(tst_GuiProcess DIR ui/app LIBS lockscope_ui)
lockscope_add_test(tst_ToolWindows DIR ui/app LIBS lockscope_ui_testsupport Qt6::Widgets)
lockscope_add_test(tst_ToolScreenshot DIR ui/app LIBS lockscope_ui_testsupport Qt6::Widgets Qt6::Charts)
lockscope_add_test(tst_CliStaysEnglish DIR ui/app LIBS lockscope_ui lockscope_cli)

# Runs the real `lockscope` binary: start-up, signals, the sandbox's lifetime, --screenshot.
target_compile_definitions(tst_GuiProcess PRIVATE LOCKSCOPE_GUI_BINARY="$<TARGET_FILE:lockscope>")
add_dependencies(tst_GuiProcess lockscope)
