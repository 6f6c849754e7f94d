lockscope_add_test(tst_LatencyHistogram DIR core/stress)
lockscope_add_test(tst_StressEngine DIR core/stress)
lockscope_add_test(tst_FaultDrills DIR core/stress EVERY_SERVER)
lockscope_add_test(tst_FailoverDrill DIR core/stress EVERY_SERVER)

# `cmake --build <dir> --target bench`: a measurement (ratios against redis-benchmark in the
# same run), not a test; never part of `all` or of ctest.
add_executable(lockscope_bench EXCLUDE_FROM_ALL
    ${CMAKE_CURRENT_SOURCE_DIR}/bench/StressBench.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/bench/CpuPinning.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/bench/RawTokenClient.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/bench/RedisBenchmarkBaseline.cpp)
target_link_libraries(lockscope_bench PRIVATE lockscope_core)
add_custom_target(bench COMMAND lockscope_bench USES_TERMINAL COMMENT "Stress engine vs redis-benchmark ratios")

# `cmake --build <dir> --target bench_watchdog`: renewing 10,000 watched locks from one process
# (round trips per renewal period, CPU per renewal); a measurement, not a test.
add_executable(bench_Watchdog EXCLUDE_FROM_ALL ${CMAKE_CURRENT_SOURCE_DIR}/bench/WatchdogBench.cpp)
target_link_libraries(bench_Watchdog PRIVATE lockscope_core)
add_custom_target(bench_watchdog COMMAND bench_Watchdog USES_TERMINAL
    COMMENT "Watchdog: round trips per renewal period for 10,000 locks held by one process")

# `cmake --build <dir> --target soak`: the fault drills' soak benchmark (32 client processes,
# 200,000 critical sections with kills, pauses, partitions and lock-server restarts; bounded at
# 20 minutes); a measurement, never part of `all` or of ctest.
add_executable(lockscope_soak EXCLUDE_FROM_ALL
    ${CMAKE_CURRENT_SOURCE_DIR}/bench/soak/SoakMain.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/bench/soak/SoakClient.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/bench/soak/SoakConductor.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/bench/soak/SoakResource.cpp)
target_link_libraries(lockscope_soak PRIVATE lockscope_core)
add_custom_target(soak COMMAND lockscope_soak USES_TERMINAL COMMENT "Fault-drill soak: 32 processes, 200,000 sections")
