list(APPEND lockscope_ui_sources
  tools/stress/CategoryBars.cpp
  tools/stress/NiceAxisRange.cpp
  tools/stress/StressCharts.cpp
  tools/stress/StressForm.cpp
  tools/stress/StressPanel.cpp
  tools/stress/StressWorker.cpp
)
