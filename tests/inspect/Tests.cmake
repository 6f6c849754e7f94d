lockscope_add_test(tst_JsonWriter DIR inspect)
lockscope_add_test(tst_GlobPattern DIR inspect)
lockscope_add_test(tst_LockRecognizers DIR inspect)
lockscope_add_test(tst_OrdinaryData DIR inspect)
lockscope_add_test(tst_KeyspaceScanner DIR inspect)
lockscope_add_test(tst_CliList DIR inspect LIBS lockscope_cli)
lockscope_add_test(tst_ForceRelease DIR inspect)
lockscope_add_test(tst_WaiterAndPermitActions DIR inspect)
lockscope_add_test(tst_CliAdmin DIR inspect LIBS lockscope_cli)
lockscope_add_test(tst_ClusterInspect DIR inspect LIBS lockscope_cli)

# The list benchmark runs by hand (it prints times; a timed assertion would be flaky).
add_executable(bench_ListLocks inspect/bench_ListLocks.cpp)
target_link_libraries(bench_ListLocks PRIVATE lockscope_testsupport)
