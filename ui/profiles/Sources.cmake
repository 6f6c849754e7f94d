list(APPEND lockscope_ui_sources
  profiles/ConnectionManagerDialog.cpp
  profiles/ConnectionProfile.cpp
  profiles/ConnectionProfileForm.cpp
  profiles/ConnectionProfileStore.cpp
  profiles/ConnectionTester.cpp
  profiles/PasswordVault.cpp
  profiles/ProfileConnector.cpp
)
