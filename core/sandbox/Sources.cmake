list(APPEND lockscope_core_sources
  sandbox/SampleLockSeeder.cpp
  sandbox/LibrarySampleLocks.cpp
  sandbox/FreePort.cpp
  sandbox/RedisServerProcess.cpp
  sandbox/FailoverSandbox.cpp
)
