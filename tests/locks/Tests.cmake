lockscope_add_test(tst_ReentrantLock DIR locks TIMEOUT 120)
