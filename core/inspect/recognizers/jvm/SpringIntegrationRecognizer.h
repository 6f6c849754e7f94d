#pragma once

#include "inspect/recognizers/LockRecognizer.h"

namespace lockscope {

// Spring Integration's RedisLockRegistry (Java): SET <registryKey>:<lockKey> <clientId> PX, the
// clientId one UUID per registry instance, so every lock one registry (one JVM, usually) holds
// has the same value; re-entry and threads live only in the JVM. That sharing is what tells it
// apart from the many libraries that write a UUID: two or more keys under one first name segment
// holding one UUID. Spin mode polls; pub/sub mode (the preferred one) waits on
// PSUBSCRIBE <registryKey>-channel:* and its release publishes the full lock key on
// <registryKey>-channel:<full key>. Where the registry key ends is not written anywhere (both
// parts may hold colons), so a forced release publishes on every split: nobody listens on the
// wrong ones, and does so for a lone UUID lock of that shape too (a registry holding one lock
// looks like any UUID lock).
class SpringIntegrationRecognizer : public LockRecognizer
{
public:
    std::string_view name() const override { return "spring-integration"; }
    Candidacy isCandidate(const RawKey& key, const RecognitionContext& context) const override;
    void recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const override;
    std::optional<ReleaseWakeUp> wakeUpOnRelease(const LockSnapshot& lock) const override;
};

} // namespace lockscope
