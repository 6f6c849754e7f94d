lockscope_add_test(tst_UserText DIR core/common)
lockscope_add_test(tst_JsonWriter DIR core/common)
lockscope_add_test(tst_LargeBlockRelease DIR core/common)
lockscope_add_test(tst_EscapeBytes DIR core/common)
