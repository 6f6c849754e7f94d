lockscope_add_test(tst_LockTableModel DIR ui/monitor LIBS lockscope_ui Qt6::Widgets)
lockscope_add_test(tst_LockTableView DIR ui/monitor LIBS lockscope_ui Qt6::Widgets)
lockscope_add_test(tst_LockServerRoutes DIR ui/monitor LIBS lockscope_ui Qt6::Widgets)
# One supervisor of a watch: the CLI's fleet watcher and the GUI's monitor worker through a restart.
lockscope_add_test(tst_WatchReconnect DIR ui/monitor EVERY_SERVER LIBS lockscope_ui)
lockscope_add_test(tst_LockMonitor DIR ui/monitor LIBS lockscope_ui_testsupport Qt6::Widgets)
lockscope_add_test(tst_ClusterMonitor DIR ui/monitor LIBS lockscope_ui_testsupport Qt6::Widgets)
lockscope_add_test(tst_SentinelMonitor DIR ui/monitor LIBS lockscope_ui_testsupport Qt6::Widgets)
lockscope_add_test(tst_LockCountdown DIR ui/monitor LIBS lockscope_ui_testsupport Qt6::Widgets)
lockscope_add_test(tst_LockCopyActions DIR ui/monitor LIBS lockscope_ui_testsupport Qt6::Widgets)
lockscope_add_test(tst_LockGoTo DIR ui/monitor LIBS lockscope_ui_testsupport Qt6::Widgets)

# The monitor at scale, offscreen (run by hand): `cmake --build <dir> --target bench_gui_scale`.
add_executable(bench_GuiScale EXCLUDE_FROM_ALL ${CMAKE_CURRENT_LIST_DIR}/bench_GuiScale.cpp)
target_link_libraries(bench_GuiScale PRIVATE lockscope_ui_testsupport Qt6::Widgets)
add_custom_target(bench_gui_scale COMMAND bench_GuiScale USES_TERMINAL
    COMMENT "Monitor on 100,000 locks with 1,000 changes/s: first full table, event-loop gaps, memory per lock")
