list(APPEND lockscope_core_sources
  locks/ExpiryClock.cpp
  locks/FencingCounter.cpp
  locks/HolderToken.cpp
  locks/LegacyLock.cpp
  locks/LockFactory.cpp
  locks/LuaScript.cpp
  locks/MutualExclusionChecker.cpp
  locks/NaiveLock.cpp
  locks/PollingWait.cpp
  locks/RedlockLock.cpp
  locks/TokenLock.cpp
  locks/WaiterRegistry.cpp
)
