# The lock history: the recorder against real SQLite files, `record` and `history` against a
# real redis-server, /metrics checked by promtool and scraped by a real Prometheus server.
find_package(PkgConfig REQUIRED)
lockscope_add_test(tst_HistoryRecorder DIR history LIBS PkgConfig::SQLITE3)
lockscope_add_test(tst_AlertEvaluator DIR history)

# Runs the real lockscope-cli record in a process of its own and reads its /metrics.
add_library(lockscope_historytestsupport STATIC ${CMAKE_CURRENT_LIST_DIR}/RecordProcess.cpp)
target_link_libraries(lockscope_historytestsupport PUBLIC lockscope_testsupport)
target_include_directories(lockscope_historytestsupport PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(lockscope_historytestsupport PRIVATE PkgConfig::HTTPLIB)
target_compile_definitions(lockscope_historytestsupport PRIVATE LOCKSCOPE_CLI_PATH="$<TARGET_FILE:lockscope-cli>")
add_dependencies(lockscope_historytestsupport lockscope-cli)

lockscope_add_test(tst_CliHistory DIR history LIBS lockscope_historytestsupport lockscope_cli)
find_program(PROMTOOL promtool)
find_program(PROMETHEUS prometheus)
lockscope_add_test(tst_MetricsEndpoint DIR history LIBS lockscope_historytestsupport)
target_link_libraries(tst_MetricsEndpoint PRIVATE PkgConfig::HTTPLIB)
target_compile_definitions(tst_MetricsEndpoint PRIVATE
  LOCKSCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}" PROMTOOL="${PROMTOOL}" PROMETHEUS="${PROMETHEUS}")

# The history benchmark is a measurement, not a test (README.md has its figures):
# `cmake --build <dir> --target bench_history`. About a minute and 2 GB in the temp directory.
add_executable(bench_History EXCLUDE_FROM_ALL history/bench_History.cpp)
target_link_libraries(bench_History PRIVATE lockscope_core PkgConfig::SQLITE3)
add_custom_target(bench_history COMMAND bench_History USES_TERMINAL
    COMMENT "History: ingest rate, one lock's holds over a day among 10 million events, size per million events")
