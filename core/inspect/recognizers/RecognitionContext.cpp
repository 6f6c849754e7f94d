#include "inspect/recognizers/RecognitionContext.h"

namespace lockscope {

const GlobPattern* RecognitionContext::userPatternFor(const std::string& key) const
{
    for (const auto& pattern : userPatterns) {
        if (pattern.matches(key))
            return &pattern;
    }
    return nullptr;
}

long long RecognitionContext::subscribers(const std::string& channel) const
{
    auto it = channelSubscribers.find(channel);
    return it == channelSubscribers.end() ? 0 : it->second;
}

std::vector<const RawKey*> RecognitionContext::unclaimedCandidates() const
{
    return recognizerPlace == static_cast<size_t>(-1) ? keys->unclaimedKeys()
                                                      : keys->unclaimedCandidatesOf(recognizerPlace);
}

LockSnapshot RecognitionContext::claimLock(const RawKey& key, LockKind kind, LockLibrary library)
{
    LockSnapshot lock;
    lock.name = key.name;
    lock.kind = kind;
    lock.library = library;
    lock.node = node;
    lock.keys.push_back(key.name);
    keys->claim(key);
    lock.ttlMs = key.ttlMs();
    return lock;
}

LockSnapshot RecognitionContext::claimLock(
    const RawKey& key, LockKind kind, LockLibrary library, double confidence, UserText reason)
{
    LockSnapshot lock = claimLock(key, kind, library);
    lock.confidence = confidence;
    lock.reason = std::move(reason);
    return lock;
}

} // namespace lockscope
