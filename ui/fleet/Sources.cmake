list(APPEND lockscope_ui_sources
  fleet/Fleet.cpp
  fleet/FleetPanel.cpp
  fleet/FleetServer.cpp
)
