# The lock history: the recorder and the alert rules against real SQLite files. (`record`,
# `history` and /metrics are the CLI's: tests/cli.)
find_package(PkgConfig REQUIRED)
lockscope_add_test(tst_HistoryRecorder DIR core/history LIBS PkgConfig::SQLITE3)
target_compile_definitions(tst_HistoryRecorder PRIVATE LOCKSCOPE_FIXTURES="${CMAKE_CURRENT_LIST_DIR}/fixtures")
lockscope_add_test(tst_AlertEvaluator DIR core/history)
lockscope_add_test(tst_HistoryRecordingSink DIR core/history)
# Prometheus label values: UTF-8 passes through; only backslash, quote and newline are escaped.
lockscope_add_test(tst_MetricsLabels DIR core/history)

# The history benchmark is a measurement, not a test (docs/benchmarks.md has its figures):
# `cmake --build <dir> --target bench_history`. It writes 2 GB to the temp directory.
add_executable(bench_History EXCLUDE_FROM_ALL ${CMAKE_CURRENT_LIST_DIR}/bench_History.cpp)
target_link_libraries(bench_History PRIVATE lockscope_core lockscope_testsupport PkgConfig::SQLITE3)
add_custom_target(bench_history COMMAND bench_History USES_TERMINAL
    COMMENT "History: ingest rate, one lock's holds over a day among 10 million events, size per million events")

# The shared history in a real PostgreSQL 15 (PostgresTestServer): round-trips, several
# recorders, schema versions, refusals, retention, buffering while the database is away.
lockscope_add_test(tst_PostgresHistory DIR core/history)
target_compile_definitions(tst_PostgresHistory PRIVATE LOCKSCOPE_FIXTURES="${CMAKE_CURRENT_LIST_DIR}/fixtures")

# A team's history: ingest into PostgreSQL and SQLite through the recorder, and the one-day query
# on each, in the same run (docs/benchmarks.md).
# `cmake --build <dir> --target bench_team_history`; argument: the big history's events.
add_executable(bench_TeamHistory EXCLUDE_FROM_ALL ${CMAKE_CURRENT_LIST_DIR}/bench_TeamHistory.cpp)
target_link_libraries(bench_TeamHistory PRIVATE lockscope_core lockscope_testsupport PkgConfig::SQLITE3)
add_custom_target(bench_team_history COMMAND bench_TeamHistory USES_TERMINAL
    COMMENT "Team history: PostgreSQL and SQLite ingest, one lock's holds over a day among 10 million events")
