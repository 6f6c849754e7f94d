lockscope_add_test(tst_RedisServerProcess DIR core/sandbox)
lockscope_add_test(tst_DemoLockSeeder DIR core/sandbox)
