list(APPEND lockscope_ui_sources
  base/ColorSchemePalette.cpp
  base/CoreTexts.cpp
  base/DesktopColorScheme.cpp
  base/ElidedLabel.cpp
  base/GuiConnectionDefaults.cpp
  base/LockStatisticsText.cpp
  base/WorkerThreads.cpp
)
