lockscope_add_test(tst_MutualExclusionChecker DIR locks)
lockscope_add_test(tst_TokenLock DIR locks)
lockscope_add_test(tst_LegacyLock DIR locks)
lockscope_add_test(tst_NaiveLock DIR locks)
