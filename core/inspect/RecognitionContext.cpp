#include "inspect/RecognitionContext.h"

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

} // namespace lockscope
