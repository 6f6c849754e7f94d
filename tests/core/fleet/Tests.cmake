# The fleet: its file format and the saved profiles it names (the CLI's fleet commands against
# real redis-servers are in tests/cli: tst_CliFleet, tst_FleetRecord).
lockscope_add_test(tst_FleetFile DIR core/fleet)
lockscope_add_test(tst_LocksWhileAway DIR core/fleet)
lockscope_add_test(tst_ServerWatch DIR core/fleet EVERY_SERVER)

# The fleet watcher's scale is a measurement, not a test (docs/benchmarks.md has its figures):
# `cmake --build <dir> --target bench_fleet_watch`. About 40 s with 20 redis-servers.
add_executable(bench_FleetWatch EXCLUDE_FROM_ALL ${CMAKE_CURRENT_LIST_DIR}/bench_FleetWatch.cpp)
target_link_libraries(bench_FleetWatch PRIVATE lockscope_testsupport)
add_custom_target(bench_fleet_watch COMMAND bench_FleetWatch USES_TERMINAL
    COMMENT "Fleet watcher: 20 servers x 1,000 locks x 200 changes/s, lag p99 per server and CPU per event")
