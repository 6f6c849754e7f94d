list(APPEND lockscope_ui_sources
  app/ApplicationIdentity.cpp
  app/ConnectionStatusBar.cpp
  app/GuiCommandLine.cpp
  app/GuiStartup.cpp
  app/MainWindow.cpp
  app/MainWindowSettings.cpp
  app/ToolScreenshot.cpp
  app/ToolWindows.cpp
  app/UiTranslations.cpp
  app/UnixSignalWatcher.cpp
)
