# The lock model and the classifier at the top; scan/ reads keys (bounded), watch/ follows
# changes; recognizers/ and admin/ list their own sources.
list(APPEND lockscope_core_sources
  inspect/BlockedPopCensus.cpp
  inspect/CandidateKeyIndex.cpp
  inspect/HoldersText.cpp
  inspect/LockClassifier.cpp
  inspect/LockInspector.cpp
  inspect/LockId.cpp
  inspect/LockNaming.cpp
  inspect/LockSnapshot.cpp
  inspect/LockSnapshotJson.cpp
  inspect/NamedLockLookup.cpp
  inspect/RecognitionPass.cpp
  inspect/ServerClock.cpp
  inspect/SharedHolderMemory.cpp
  inspect/SharedLockSnapshot.cpp
  inspect/scan/BoundedKeyReader.cpp
  inspect/scan/GlobPattern.cpp
  inspect/scan/KeyspaceScanner.cpp
  inspect/scan/MasterConnections.cpp
  inspect/scan/NameShapeTypes.cpp
  inspect/scan/ParallelKeyReader.cpp
  inspect/scan/RawKey.cpp
  inspect/scan/ScanPager.cpp
  inspect/watch/ExpirySchedule.cpp
  inspect/watch/LockChange.cpp
  inspect/watch/LockEvent.cpp
  inspect/watch/LockWatcher.cpp
  inspect/watch/PendingNotifications.cpp
)
include(${CMAKE_CURRENT_LIST_DIR}/recognizers/Sources.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/admin/Sources.cmake)
