lockscope_add_test(tst_GlobPattern DIR core/inspect)
lockscope_add_test(tst_NameOrder DIR core/inspect)
lockscope_add_test(tst_CandidateKeyIndex DIR core/inspect)
lockscope_add_test(tst_ExpirySchedule DIR core/inspect)
lockscope_add_test(tst_HoldersText DIR core/inspect)
lockscope_add_test(tst_LockLibrary DIR core/inspect)
target_compile_definitions(tst_LockLibrary PRIVATE LOCKSCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
lockscope_add_test(tst_LockId DIR core/inspect)
lockscope_add_test(tst_ServerClock DIR core/inspect EVERY_SERVER)
lockscope_add_test(tst_ClientList DIR core/inspect EVERY_SERVER)
lockscope_add_test(tst_LockRecognizers DIR core/inspect EVERY_SERVER)
lockscope_add_test(tst_RecognizerCatalog DIR core/inspect EVERY_SERVER)
lockscope_add_test(tst_OrdinaryData DIR core/inspect EVERY_SERVER)
lockscope_add_test(tst_LibraryLocks DIR core/inspect EVERY_SERVER)
lockscope_add_test(tst_LockNames DIR core/inspect EVERY_SERVER)
lockscope_add_test(tst_KeyspaceScanner DIR core/inspect EVERY_SERVER)
lockscope_add_test(tst_ForceRelease DIR core/inspect EVERY_SERVER)
lockscope_add_test(tst_LibraryReleases DIR core/inspect EVERY_SERVER)
lockscope_add_test(tst_WaiterAndPermitActions DIR core/inspect EVERY_SERVER)
lockscope_add_test(tst_LockWatcher DIR core/inspect EVERY_SERVER)
lockscope_add_test(tst_WatchFootprint DIR core/inspect EVERY_SERVER)
lockscope_add_test(tst_ClusterInspect DIR core/inspect EVERY_SERVER LIBS lockscope_cli)

# The list benchmark is a measurement, not a test (it prints times and ratios; a timed assertion
# would be flaky): `cmake --build <dir> --target bench_list`.
add_executable(bench_ListLocks EXCLUDE_FROM_ALL core/inspect/bench_ListLocks.cpp)
target_link_libraries(bench_ListLocks PRIVATE lockscope_testsupport)
add_custom_target(bench_list COMMAND bench_ListLocks USES_TERMINAL
    COMMENT "Inspector listing of 20,000 locks among 200,000 keys and 10,000 among 1,000,000 vs SCAN COUNT 1000 and redis-cli --scan")

# Memory at 100,000 and 1,000,000 keys holding the same 10,000 locks (prints peak RSS; run by hand):
# `cmake --build <dir> --target bench_list_memory`.
add_executable(bench_ListMemory EXCLUDE_FROM_ALL core/inspect/bench_ListMemory.cpp)
target_link_libraries(bench_ListMemory PRIVATE lockscope_testsupport)
add_custom_target(bench_list_memory COMMAND bench_ListMemory USES_TERMINAL
    COMMENT "Inspector peak memory at 100,000 and 1,000,000 keys with the same 10,000 locks")

# Watch latency distribution per event type (run by hand): `cmake --build <dir> --target bench_watch`.
add_executable(bench_WatchLatency EXCLUDE_FROM_ALL core/inspect/bench_WatchLatency.cpp)
target_link_libraries(bench_WatchLatency PRIVATE lockscope_testsupport)
add_custom_target(bench_watch COMMAND bench_WatchLatency USES_TERMINAL
    COMMENT "Watcher latency: appeared, changed, released, expired, over 50 trials each")

# The watcher under churn (run by hand): `cmake --build <dir> --target bench_watch_churn`.
add_executable(bench_WatchChurn EXCLUDE_FROM_ALL core/inspect/bench_WatchChurn.cpp core/inspect/WatchChurnRun.cpp)
target_link_libraries(bench_WatchChurn PRIVATE lockscope_testsupport)
add_custom_target(bench_watch_churn COMMAND bench_WatchChurn USES_TERMINAL
    COMMENT "Watcher lag, CPU per event and final state at 1,000 to 50,000 token lock changes/s")

# The same for Redisson RLocks and RFairLocks with waiters (run by hand):
# `cmake --build <dir> --target bench_watch_redisson_churn`.
add_executable(bench_WatchRedissonChurn EXCLUDE_FROM_ALL core/inspect/bench_WatchRedissonChurn.cpp
    core/inspect/WatchChurnRun.cpp)
target_link_libraries(bench_WatchRedissonChurn PRIVATE lockscope_testsupport)
add_custom_target(bench_watch_redisson_churn COMMAND bench_WatchRedissonChurn USES_TERMINAL
    COMMENT "Watcher lag, CPU per event and final state under Redisson RLock / RFairLock churn")

# False positives of the possible-lock tier on an ordinary keyspace (run by hand):
# `cmake --build <dir> --target bench_possible_locks`.
add_executable(bench_PossibleLocks EXCLUDE_FROM_ALL core/inspect/bench_PossibleLocks.cpp)
target_link_libraries(bench_PossibleLocks PRIVATE lockscope_testsupport)
add_custom_target(bench_possible_locks COMMAND bench_PossibleLocks USES_TERMINAL
    COMMENT "Locks and possible locks listed among 113,000 keys of sessions, caches, counters, tokens and job queues")

# What watching costs a busy server (run by hand; a measurement, never part of ctest): throughput
# and p99 of unrelated writes with nobody, redis-cli and the watcher subscribed, commands per
# write, CPU per notification, output buffer, how late a new lock is seen:
# `cmake --build <dir> --target bench_footprint`.
add_executable(bench_Footprint EXCLUDE_FROM_ALL bench/bench_Footprint.cpp)
target_link_libraries(bench_Footprint PRIVATE lockscope_testsupport)
add_custom_target(bench_footprint COMMAND bench_Footprint USES_TERMINAL
    COMMENT "Watching a busy server: throughput, p99, commands per write, CPU, output buffer vs redis-cli")

# Locks taken by real npm libraries (skipped unless packaging/setup-npm-test-locks.sh installed them).
lockscope_add_test(tst_NpmLibraryLocks DIR core/inspect)
target_compile_definitions(tst_NpmLibraryLocks PRIVATE LOCKSCOPE_NPM_FIXTURE="${CMAKE_CURRENT_SOURCE_DIR}/core/inspect/npm"
  LOCKSCOPE_NPM_LIBRARIES="${CMAKE_BINARY_DIR}/npm-locks")
