lockscope_add_test(tst_MonitorLine DIR core/identity)
lockscope_add_test(tst_BlockingGraph DIR core/identity)
lockscope_add_test(tst_HolderIdentity DIR core/identity EVERY_SERVER)
# Real node lock libraries: `npm ci` of node/package.json into the build tree (skipped without
# node, npm or the registry), holders.js holds a lock with each.
lockscope_add_test(tst_LibraryHolders DIR core/identity EVERY_SERVER)
target_compile_definitions(tst_LibraryHolders PRIVATE LOCKSCOPE_NODE_FIXTURES="${CMAKE_CURRENT_LIST_DIR}/node"
  LOCKSCOPE_NODE_WORK="${CMAKE_CURRENT_BINARY_DIR}/identity-node")
lockscope_add_test(tst_ClusterHolders DIR core/identity EVERY_SERVER)
