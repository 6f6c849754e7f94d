list(APPEND lockscope_core_sources
  inspect/admin/AdminResult.cpp
  inspect/admin/AuditIdentity.cpp
  inspect/admin/AuditLog.cpp
  inspect/admin/ExtendLock.cpp
  inspect/admin/ForceRelease.cpp
  inspect/admin/ObservedLockScript.cpp
  inspect/admin/ObservedLockState.cpp
  inspect/admin/ReleasePermit.cpp
  inspect/admin/RemoveStaleWaiters.cpp
)
