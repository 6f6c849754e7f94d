list(APPEND lockscope_core_sources
  inspect/BlockedPopCensus.cpp
  inspect/ExpirySchedule.cpp
  inspect/ObservedLockScript.cpp
  inspect/ObservedLockState.cpp
  inspect/ParallelKeyReader.cpp
  inspect/GlobPattern.cpp
  inspect/KeyIndex.cpp
  inspect/KeyReader.cpp
  inspect/KeyspaceScanner.cpp
  inspect/LockClassifier.cpp
  inspect/LockEvent.cpp
  inspect/LockInspector.cpp
  inspect/LockLibrary.cpp
  inspect/LockNaming.cpp
  inspect/MasterConnections.cpp
  inspect/NameShapeTypes.cpp
  inspect/NamedLockLookup.cpp
  inspect/LockSnapshot.cpp
  inspect/LockSnapshotJson.cpp
  inspect/LockWatcher.cpp
  inspect/RawKey.cpp
  inspect/ScanPager.cpp
)
# Each subfolder lists its own sources.
include(${CMAKE_CURRENT_LIST_DIR}/recognizers/Sources.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/admin/Sources.cmake)
