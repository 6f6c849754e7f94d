list(APPEND lockscope_core_sources
  sandbox/DemoLockSeeder.cpp
  sandbox/FreePort.cpp
  sandbox/RedisServerProcess.cpp
)
