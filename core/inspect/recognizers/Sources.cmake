list(APPEND lockscope_core_sources
  inspect/recognizers/LegacyTimestampRecognizer.cpp
  inspect/recognizers/LockScopeSemaphoreRecognizer.cpp
  inspect/recognizers/NodeSemaphoreRecognizer.cpp
  inspect/recognizers/RecognitionContext.cpp
  inspect/recognizers/RecognizerCatalog.cpp
  inspect/recognizers/RedissonHolderField.cpp
  inspect/recognizers/RedissonLockRecognizer.cpp
  inspect/recognizers/RedissonReadWriteLockRecognizer.cpp
  inspect/recognizers/RedissonSemaphoreRecognizer.cpp
  inspect/recognizers/RubySemaphoreRecognizer.cpp
  inspect/recognizers/ShedLockRecognizer.cpp
  inspect/recognizers/TokenLockRecognizer.cpp
  inspect/recognizers/UserPatternRecognizer.cpp
)
