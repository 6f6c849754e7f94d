lockscope_add_test(tst_ConnectionProfiles DIR ui/profiles LIBS lockscope_ui_testsupport)
lockscope_add_test(tst_ConnectionManager DIR ui/profiles LIBS lockscope_ui_testsupport Qt6::Widgets)
lockscope_add_test(tst_PasswordVaultKeyring DIR ui/profiles LIBS lockscope_ui_testsupport Qt6::Widgets Qt6::DBus)
