list(APPEND lockscope_ui_sources
  history/HistoryReader.cpp
  history/HistoryRecording.cpp
  history/HistoryStatisticsPanel.cpp
  history/HistoryTimeline.cpp
  history/HistoryWindow.cpp
  history/LockAlertText.cpp
)
