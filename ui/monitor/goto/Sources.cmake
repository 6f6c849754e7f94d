list(APPEND lockscope_ui_sources
  monitor/goto/LockGoToDialog.cpp
)
