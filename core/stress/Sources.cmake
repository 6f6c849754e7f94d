list(APPEND lockscope_core_sources
  stress/ChaosProxy.cpp
  stress/DrillServers.cpp
  stress/FaultInjector.cpp
  stress/FaultSpec.cpp
  stress/LatencyHistogram.cpp
  stress/StressClient.cpp
  stress/StressEngine.cpp
  stress/StressParameters.cpp
  stress/StressResultJson.cpp
)
