list(APPEND lockscope_ui_sources
  fleetview/Fleet.cpp
  fleetview/FleetPanel.cpp
  fleetview/FleetServer.cpp
)
