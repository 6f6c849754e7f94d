lockscope_add_test(tst_LatencyHistogram DIR stress)
lockscope_add_test(tst_StressEngine DIR stress)
lockscope_add_test(tst_StressCommand DIR stress LIBS lockscope_cli)
lockscope_add_test(tst_DemoScenarios DIR stress LIBS lockscope_cli)
