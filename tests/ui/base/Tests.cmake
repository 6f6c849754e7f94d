lockscope_add_test(tst_DesktopColorScheme DIR ui/base LIBS lockscope_ui Qt6::Widgets Qt6::DBus)
lockscope_add_test(tst_CoreTextTranslations DIR ui/base LIBS lockscope_ui Qt6::Widgets)
