list(APPEND lockscope_core_sources
  redis/ClusterClient.cpp
  redis/ClusterRedirect.cpp
  redis/ClusterSlots.cpp
  redis/CommandKeys.cpp
  redis/CommandPolicy.cpp
  redis/ConnectionOptions.cpp
  redis/RedisConnection.cpp
  redis/RedisReply.cpp
  redis/RedisUrl.cpp
  redis/ReplyReader.cpp
  redis/SentinelResolver.cpp
  redis/SimpleReplyScanner.cpp
  redis/SigpipeBlocker.cpp
  redis/ServerProbe.cpp
  redis/SocketTransport.cpp
  redis/TlsTransport.cpp
)
