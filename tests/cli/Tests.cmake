lockscope_add_test(tst_CliPing DIR cli LIBS lockscope_cli)
lockscope_add_test(tst_CliClusterPing DIR cli LIBS lockscope_cli)
lockscope_add_test(tst_CliTls DIR cli LIBS lockscope_cli)
lockscope_add_test(tst_CliSentinel DIR cli LIBS lockscope_cli)
lockscope_add_test(tst_CliList DIR cli LIBS lockscope_cli)
lockscope_add_test(tst_CliAdmin DIR cli LIBS lockscope_cli)
lockscope_add_test(tst_CliWatch DIR cli LIBS lockscope_cli)
lockscope_add_test(tst_StressCommand DIR cli LIBS lockscope_cli)

# Runs the real lockscope-cli binary in separate processes.
lockscope_add_test(tst_LockCommand DIR cli LIBS lockscope_cli)
target_compile_definitions(tst_LockCommand PRIVATE LOCKSCOPE_CLI_PATH="$<TARGET_FILE:lockscope-cli>")
add_dependencies(tst_LockCommand lockscope-cli)
