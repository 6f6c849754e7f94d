list(APPEND lockscope_ui_sources
  samplelocks/SampleLocksBanner.cpp
  samplelocks/SampleLocksController.cpp
  samplelocks/SampleLocksWorker.cpp
)
