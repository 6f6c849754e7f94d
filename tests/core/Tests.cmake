# The core's suites, one folder per core module (each with its own Tests.cmake).
foreach(module common redis sandbox locks inspect identity stress demo history fleet)
  include(${CMAKE_CURRENT_LIST_DIR}/${module}/Tests.cmake)
endforeach()
