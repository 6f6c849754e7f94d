lockscope_add_test(tst_LockHistoryWindow DIR ui/lockhistory LIBS lockscope_ui_testsupport Qt6::Widgets)
