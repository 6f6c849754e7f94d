list(APPEND lockscope_core_sources
  demo/DemoCatalog.cpp
  demo/DemoScenario.cpp
  demo/DemoTimeline.cpp
  demo/FailoverScenario.cpp
  demo/FairVsUnfairScenario.cpp
  demo/FencingScenario.cpp
  demo/GetsetRecoveryScenario.cpp
  demo/NaiveRaceScenario.cpp
  demo/RedlockScenario.cpp
  demo/TokenCrashScenario.cpp
  demo/WatchdogScenario.cpp
)
