lockscope_add_test(tst_FleetWindow DIR ui/fleetview LIBS lockscope_ui_testsupport Qt6::Widgets)
lockscope_add_test(tst_WindowFitsTheScreen DIR ui/fleetview LIBS lockscope_ui_testsupport Qt6::Widgets)

# One GUI watching a fleet, offscreen (run by hand): `cmake --build <dir> --target bench_gui_fleet`.
add_executable(bench_GuiFleet EXCLUDE_FROM_ALL ${CMAKE_CURRENT_LIST_DIR}/bench_GuiFleet.cpp)
target_link_libraries(bench_GuiFleet PRIVATE lockscope_ui_testsupport Qt6::Widgets)
add_custom_target(bench_gui_fleet COMMAND bench_GuiFleet USES_TERMINAL
    COMMENT "20 servers x 1,000 locks, 200 changes/s each, one GUI: event-loop gaps, watcher lag p99 per server, memory per lock")
