lockscope_add_test(tst_MutualExclusionChecker DIR locks)
lockscope_add_test(tst_TokenLock DIR locks)
lockscope_add_test(tst_LegacyLock DIR locks)
lockscope_add_test(tst_NaiveLock DIR locks)
lockscope_add_test(tst_RedlockLock DIR locks)
lockscope_add_test(tst_LockFactory DIR locks)
lockscope_add_test(tst_PollingWait DIR locks)

# Suites that run the real lockscope-cli binary in separate processes.
foreach(suite tst_LockCommand tst_MutualExclusion)
  lockscope_add_test(${suite} DIR locks LIBS lockscope_cli)
  target_compile_definitions(${suite} PRIVATE LOCKSCOPE_CLI_PATH="$<TARGET_FILE:lockscope-cli>")
  add_dependencies(${suite} lockscope-cli)
endforeach()
