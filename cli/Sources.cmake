list(APPEND lockscope_cli_sources
  AdminCommand.cpp
  CliOptions.cpp
  CliRunner.cpp
  DemoCommand.cpp
  ExitCode.cpp
  ListCommand.cpp
  LockCommand.cpp
  LockTable.cpp
  OptionValue.cpp
  PingCommand.cpp
  SignalCancellation.cpp
  StressCommand.cpp
  WatchCommand.cpp
)
