list(APPEND lockscope_ui_sources
  monitor/admin/LockActionDialog.cpp
  monitor/admin/LockActionRules.cpp
  monitor/admin/LockAdminTexts.cpp
  monitor/admin/LockAdminWorker.cpp
)
