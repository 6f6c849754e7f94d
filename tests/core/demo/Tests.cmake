lockscope_add_test(tst_DemoScenarios DIR core/demo LIBS lockscope_cli)
