list(APPEND lockscope_ui_sources
  tools/contention/ContentionDemoView.cpp
  tools/contention/DemoStage.cpp
  tools/contention/DemoStepText.cpp
  tools/contention/DemoWorker.cpp
  tools/contention/TimelinePlayer.cpp
)
