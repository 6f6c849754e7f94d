# The fault machinery the stress drills and the demos share: a proxy that cuts or delays
# connections, the injector that drives it, the fenced resource and the crashing holder.
list(APPEND lockscope_core_sources
  faults/ChaosProxy.cpp
  faults/CrashingHolder.cpp
  faults/FailoverSandbox.cpp
  faults/FaultInjector.cpp
  faults/FaultSpec.cpp
  faults/FencedResource.cpp
)
