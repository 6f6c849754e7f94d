list(APPEND lockscope_core_sources
  sandbox/FreePort.cpp
  sandbox/RedisServerProcess.cpp
)
