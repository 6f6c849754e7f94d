lockscope_add_test(tst_ReentrantLock DIR locks TIMEOUT 120)
lockscope_add_test(tst_LockWatchdog DIR locks TIMEOUT 120)
lockscope_add_test(tst_FairLock DIR locks TIMEOUT 120)
lockscope_add_test(tst_ReadWriteLock DIR locks TIMEOUT 120)
