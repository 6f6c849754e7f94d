list(APPEND lockscope_core_sources
  common/JsonWriter.cpp
)
