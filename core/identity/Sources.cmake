# Who holds each lock: CLIENT LIST entries (read in inspect/ClientList), MONITOR samples
# (MonitorLine, CommandSample), what they learned per server (IdentityLedger) and how it names
# a lock's holders (HolderAttribution, HolderIdentifier, IdentifiedListing).
list(APPEND lockscope_core_sources
  identity/BlockingGraph.cpp
  identity/CommandSample.cpp
  identity/HolderAttribution.cpp
  identity/HolderIdentifier.cpp
  identity/IdentifiedListing.cpp
  identity/IdentityLedger.cpp
  identity/MonitorLine.cpp
)
