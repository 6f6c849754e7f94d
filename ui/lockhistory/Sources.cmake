list(APPEND lockscope_ui_sources
  lockhistory/AuditText.cpp
  lockhistory/HistoryAuditList.cpp
  lockhistory/HistoryReader.cpp
  lockhistory/HistoryRecording.cpp
  lockhistory/HistoryStatisticsPanel.cpp
  lockhistory/HistoryTimeline.cpp
  lockhistory/HistoryWindow.cpp
  lockhistory/LockAlertText.cpp
)
