list(APPEND lockscope_ui_sources
  connection/ConnectionController.cpp
  connection/ConnectionWorker.cpp
  connection/ServerSummary.cpp
  connection/ServerSummaryPanel.cpp
  connection/StatusTexts.cpp
)
