list(APPEND lockscope_core_sources
  sandbox/FreePort.cpp
  sandbox/LibrarySampleLocks.cpp
  sandbox/RedisServerProcess.cpp
  sandbox/SampleLockSeeder.cpp
  sandbox/SandboxSentinel.cpp
  sandbox/SpawnedProcess.cpp
)
