list(APPEND lockscope_core_sources
  common/EscapeSequence.cpp
  common/JsonWriter.cpp
  common/UserText.cpp
)
