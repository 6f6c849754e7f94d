list(APPEND lockscope_core_sources
  history/AlertEvaluator.cpp
  history/HistoryLocation.cpp
  history/HistoryQuery.cpp
  history/HistoryRecorder.cpp
  history/HistoryRecordingSink.cpp
  history/HistorySchema.cpp
  history/HoldRecord.cpp
  history/HoldRows.cpp
  history/HoldTracker.cpp
  history/LockHealthMetrics.cpp
  history/RecorderClaim.cpp
  history/SqliteDatabase.cpp
  history/SqliteStatement.cpp
)
