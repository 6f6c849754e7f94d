lockscope_add_test(tst_CliPing DIR cli LIBS lockscope_cli)
lockscope_add_test(tst_CliClusterPing DIR cli LIBS lockscope_cli)
lockscope_add_test(tst_CliTls DIR cli LIBS lockscope_cli)
lockscope_add_test(tst_CliSentinel DIR cli LIBS lockscope_cli)
lockscope_add_test(tst_CliList DIR cli LIBS lockscope_cli)
# The command line itself: help per command, --opt=value, global flags after the command, usage errors.
lockscope_add_test(tst_CliCommandLine DIR cli LIBS lockscope_cli)
# The times history --since/--until read.
lockscope_add_test(tst_TimeArgument DIR cli LIBS lockscope_cli)
lockscope_add_test(tst_CliAdmin DIR cli LIBS lockscope_cli)
# The PHP script that takes a lock with Laravel's own classes (run with /usr/bin/php).
target_compile_definitions(tst_CliAdmin PRIVATE
  LOCKSCOPE_LARAVEL_LOCK_SCRIPT="${CMAKE_CURRENT_LIST_DIR}/laravel_cache_lock.php")
lockscope_add_test(tst_CliWatch DIR cli LIBS lockscope_cli)
# Several servers at once (list, watch; record is tst_FleetRecord).
lockscope_add_test(tst_CliFleet DIR cli LIBS lockscope_cli)
lockscope_add_test(tst_StressCommand DIR cli LIBS lockscope_cli)

# Runs the real lockscope-cli binary in separate processes.
lockscope_add_test(tst_LockCommand DIR cli LIBS lockscope_cli)
target_compile_definitions(tst_LockCommand PRIVATE LOCKSCOPE_CLI_PATH="$<TARGET_FILE:lockscope-cli>")
add_dependencies(tst_LockCommand lockscope-cli)
# Pipes, full disks, terminals and NO_COLOR around the real binary.
lockscope_add_test(tst_CliStreams DIR cli LIBS lockscope_cli)
target_compile_definitions(tst_CliStreams PRIVATE LOCKSCOPE_CLI_PATH="$<TARGET_FILE:lockscope-cli>")
add_dependencies(tst_CliStreams lockscope-cli)

# The lock history's front end: the real lockscope-cli record in a process of its own
# (RecordProcess) against real redis-servers; /metrics checked by promtool and scraped by a real
# Prometheus server.
add_library(lockscope_historytestsupport STATIC ${CMAKE_CURRENT_LIST_DIR}/RecordProcess.cpp)
target_link_libraries(lockscope_historytestsupport PUBLIC lockscope_testsupport)
target_include_directories(lockscope_historytestsupport PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(lockscope_historytestsupport PRIVATE PkgConfig::HTTPLIB)
target_compile_definitions(lockscope_historytestsupport PRIVATE LOCKSCOPE_CLI_PATH="$<TARGET_FILE:lockscope-cli>")
add_dependencies(lockscope_historytestsupport lockscope-cli)

lockscope_add_test(tst_CliHistory DIR cli EVERY_SERVER LIBS lockscope_historytestsupport lockscope_cli)
find_program(PROMTOOL promtool)
find_program(PROMETHEUS prometheus)
lockscope_add_test(tst_MetricsEndpoint DIR cli LIBS lockscope_historytestsupport)
target_link_libraries(tst_MetricsEndpoint PRIVATE PkgConfig::HTTPLIB)
target_compile_definitions(tst_MetricsEndpoint PRIVATE
  LOCKSCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}" PROMTOOL="${PROMTOOL}" PROMETHEUS="${PROMETHEUS}")
# record over a fleet: one /metrics with a server label, one history database per server.
lockscope_add_test(tst_FleetRecord DIR cli EVERY_SERVER LIBS lockscope_historytestsupport)
target_link_libraries(tst_FleetRecord PRIVATE PkgConfig::HTTPLIB)
target_compile_definitions(tst_FleetRecord PRIVATE PROMTOOL="${PROMTOOL}")

# A team's shared history: `record` and `history` with --db postgresql://... against a real
# PostgreSQL 15 (PostgresTestServer) and real redis-servers, each in a process of its own.
lockscope_add_test(tst_CliPostgresHistory DIR cli EVERY_SERVER LIBS lockscope_historytestsupport)
target_compile_definitions(tst_CliPostgresHistory PRIVATE LOCKSCOPE_CLI_PATH="$<TARGET_FILE:lockscope-cli>")

# A fleet recorder's scale is a measurement, not a test (docs/benchmarks.md has its figures):
# `cmake --build <dir> --target bench_fleet_history`. About 90 s: 20 redis-servers x 200 changes/s
# for 30 s into one PostgreSQL 15, then one server alone.
add_executable(bench_FleetHistory EXCLUDE_FROM_ALL ${PROJECT_SOURCE_DIR}/tests/bench/FleetHistoryBench.cpp)
target_link_libraries(bench_FleetHistory PRIVATE lockscope_historytestsupport)
target_compile_definitions(bench_FleetHistory PRIVATE LOCKSCOPE_CLI_PATH="$<TARGET_FILE:lockscope-cli>")
add_dependencies(bench_FleetHistory lockscope-cli)
add_custom_target(bench_fleet_history COMMAND bench_FleetHistory USES_TERMINAL
    COMMENT "Fleet recorder: 20 servers x 200 changes/s into one PostgreSQL, every event written, lag p99, CPU per event")
