list(APPEND lockscope_cli_sources
  AdminCommand.cpp
  ChildProcess.cpp
  CliOptions.cpp
  CliRunner.cpp
  DemoCommand.cpp
  ExitCode.cpp
  LeaseRenewer.cpp
  ListCommand.cpp
  LockCommand.cpp
  LockRequest.cpp
  LockTable.cpp
  OptionValue.cpp
  PingCommand.cpp
  SignalCancellation.cpp
  StressCommand.cpp
  WatchCommand.cpp
)
