lockscope_add_test(tst_DemoScenarios DIR core/demo LIBS lockscope_cli)
lockscope_add_test(tst_DemoSteps DIR core/demo)
