# The lock kinds at the top; their machinery beneath: waiting/ (how a waiter learns the lock is
# free), lease/ (keeping a hold alive), primitives/ (scripts, tokens, fencing counters).
list(APPEND lockscope_core_sources
  locks/FairLock.cpp
  locks/LegacyLock.cpp
  locks/LockFactory.cpp
  locks/MutualExclusionChecker.cpp
  locks/NaiveLock.cpp
  locks/RandomTokenLock.cpp
  locks/ReadLock.cpp
  locks/ReadWriteLock.cpp
  locks/ReadWriteLockSide.cpp
  locks/RedissonHashLock.cpp
  locks/LockKeyNames.cpp
  locks/RedlockLock.cpp
  locks/ReentrantLock.cpp
  locks/Semaphore.cpp
  locks/TimestampLock.cpp
  locks/TokenLock.cpp
  locks/WriteLock.cpp
  locks/lease/ExpiryClock.cpp
  locks/lease/HoldRenewal.cpp
  locks/lease/LockWatchdog.cpp
  locks/lease/ReplicaConfirmation.cpp
  locks/primitives/CompareAndDelete.cpp
  locks/primitives/FencingCounter.cpp
  locks/primitives/HolderIdentity.cpp
  locks/primitives/HolderToken.cpp
  locks/primitives/LuaScript.cpp
  locks/waiting/HandoffDesk.cpp
  locks/waiting/LocalWaitLine.cpp
  locks/waiting/PollingWait.cpp
  locks/waiting/UnlockSubscriber.cpp
  locks/waiting/WaiterRegistry.cpp
)
