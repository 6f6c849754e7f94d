# The lock history: the recorder against real SQLite files, `record` and `history` against a
# real redis-server, /metrics checked by promtool and scraped by a real Prometheus server.
find_package(PkgConfig REQUIRED)
lockscope_add_test(tst_HistoryRecorder DIR history LIBS PkgConfig::SQLITE3)

# Runs the real lockscope-cli record in a process of its own and reads its /metrics.
add_library(lockscope_historytestsupport STATIC ${CMAKE_CURRENT_LIST_DIR}/RecordProcess.cpp)
target_link_libraries(lockscope_historytestsupport PUBLIC lockscope_testsupport)
target_include_directories(lockscope_historytestsupport PUBLIC ${CMAKE_CURRENT_LIST_DIR} PRIVATE ${HTTPLIB_INCLUDE_DIR})
target_compile_definitions(lockscope_historytestsupport PRIVATE LOCKSCOPE_CLI_PATH="$<TARGET_FILE:lockscope-cli>")
add_dependencies(lockscope_historytestsupport lockscope-cli)

lockscope_add_test(tst_CliHistory DIR history LIBS lockscope_historytestsupport lockscope_cli)
find_program(PROMTOOL promtool)
find_program(PROMETHEUS prometheus)
lockscope_add_test(tst_MetricsEndpoint DIR history LIBS lockscope_historytestsupport)
target_include_directories(tst_MetricsEndpoint PRIVATE ${HTTPLIB_INCLUDE_DIR})
target_compile_definitions(tst_MetricsEndpoint PRIVATE
  LOCKSCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}" PROMTOOL="${PROMTOOL}" PROMETHEUS="${PROMETHEUS}")
