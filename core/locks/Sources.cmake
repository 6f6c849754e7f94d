list(APPEND lockscope_core_sources
  locks/WaiterRegistry.cpp
  locks/RedissonNames.cpp
  locks/HolderIdentity.cpp
  locks/LockWatchdog.cpp
  locks/UnlockSubscriber.cpp
  locks/RedissonHashLock.cpp
  locks/ReentrantLock.cpp
  locks/FairLock.cpp
  locks/ReadLock.cpp
  locks/WriteLock.cpp
  locks/ReadWriteLock.cpp
  locks/Semaphore.cpp
)
