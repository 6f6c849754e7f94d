list(APPEND lockscope_core_sources
  stress/DrillServers.cpp
  stress/LatencyHistogram.cpp
  stress/StressClient.cpp
  stress/StressEngine.cpp
  stress/StressParameters.cpp
  stress/StressResultJson.cpp
)
