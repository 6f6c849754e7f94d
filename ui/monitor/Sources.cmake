list(APPEND lockscope_ui_sources
  monitor/LockActivityChart.cpp
  monitor/LockDetailPane.cpp
  monitor/LockEventLogModel.cpp
  monitor/LockFilterProxyModel.cpp
  monitor/LockKindTexts.cpp
  monitor/LockMonitorController.cpp
  monitor/LockMonitorView.cpp
  monitor/LockMonitorWorker.cpp
  monitor/LockRecord.cpp
  monitor/LockTableExporter.cpp
  monitor/LockTableModel.cpp
  monitor/LockUpdateBatch.cpp
  monitor/LockUpdateQueue.cpp
  monitor/LocksEmptyState.cpp
  monitor/TtlBarDelegate.cpp
)
include(${CMAKE_CURRENT_LIST_DIR}/admin/Sources.cmake)
