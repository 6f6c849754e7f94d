list(APPEND lockscope_core_sources
  common/DataDirectory.cpp
  common/DisplayText.cpp
  common/EscapeBytes.cpp
  common/EscapeSequence.cpp
  common/HashedRowIndex.cpp
  common/JsonWriter.cpp
  common/LargeBlockRelease.cpp
  common/RandomText.cpp
  common/RedisError.cpp
  common/UserText.cpp
  common/Utf8.cpp
  common/WallClock.cpp
)
