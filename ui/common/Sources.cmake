list(APPEND lockscope_ui_sources
  common/ColorSchemePalette.cpp
  common/CoreTexts.cpp
  common/DesktopColorScheme.cpp
  common/GuiConnectionDefaults.cpp
  common/LockStatisticsText.cpp
  common/WorkerThreads.cpp
)
