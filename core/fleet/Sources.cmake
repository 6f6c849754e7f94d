# A fleet: several servers watched, listed and recorded at once, each on a thread of its own.
list(APPEND lockscope_core_sources
  fleet/Fleet.cpp
  fleet/FleetFile.cpp
  fleet/FleetListing.cpp
  fleet/FleetMember.cpp
  fleet/FleetWatcher.cpp
  fleet/LocksWhileAway.cpp
  fleet/ServerWatch.cpp
  fleet/SavedProfiles.cpp
)
