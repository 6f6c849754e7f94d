lockscope_add_test(tst_CliPing DIR cli LIBS lockscope_cli)
