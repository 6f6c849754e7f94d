lockscope_add_test(tst_ContentionDemoView DIR ui/tools/contention LIBS lockscope_ui Qt6::Widgets)
