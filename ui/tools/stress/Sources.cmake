list(APPEND lockscope_ui_sources
  tools/stress/StressPanel.cpp
  tools/stress/StressWorker.cpp
)
