lockscope_add_test(tst_CliPing DIR cli LIBS lockscope_cli)
lockscope_add_test(tst_CliClusterPing DIR cli LIBS lockscope_cli)
lockscope_add_test(tst_CliTls DIR cli LIBS lockscope_cli)
lockscope_add_test(tst_CliSentinel DIR cli LIBS lockscope_cli)
