list(APPEND lockscope_core_sources
  locks/WaiterRegistry.cpp
)
