lockscope_add_test(tst_StressPanel DIR ui/tools/stress LIBS lockscope_ui Qt6::Widgets Qt6::Charts)
