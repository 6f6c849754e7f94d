list(APPEND lockscope_ui_sources
  base/BackgroundRunView.cpp
  base/ColorSchemePalette.cpp
  base/CoreTexts.cpp
  base/DesktopColorScheme.cpp
  base/ElidedLabel.cpp
  base/GuiConnectionDefaults.cpp
  base/LockStatisticsText.cpp
  base/RunWorker.cpp
  base/WorkerThreads.cpp
)
