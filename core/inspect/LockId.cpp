#include "inspect/LockId.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <random>

namespace lockscope {

namespace {

std::uint64_t processSeed()
{
    static const std::uint64_t seed = [] {
        std::random_device device;
        return (std::uint64_t(device()) << 32) ^ device();
    }();
    return seed;
}

} // namespace

std::uint64_t lockIdHash(std::uint16_t server, std::string_view node, std::string_view name)
{
    // The name is hashed with a seed made of the process's and the node's hash: a name and a node
    // cannot trade bytes and stay the same id.
    const std::uint64_t nodeHash = XXH3_64bits_withSeed(node.data(), node.size(), processSeed() + server);
    return XXH3_64bits_withSeed(name.data(), name.size(), nodeHash);
}

} // namespace lockscope
