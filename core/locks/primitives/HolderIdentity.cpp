#include "locks/primitives/HolderIdentity.h"

#include <atomic>
#include <cstdio>
#include <mutex>
#include <random>
#include <unistd.h>

namespace lockscope {

std::string HolderIdentity::randomUuid()
{
    std::random_device device;
    unsigned char bytes[16];
    for (int i = 0; i < 16; i += 4) {
        const unsigned int word = device();
        for (int j = 0; j < 4; ++j)
            bytes[i + j] = static_cast<unsigned char>(word >> (8 * j));
    }
    bytes[6] = static_cast<unsigned char>((bytes[6] & 0x0f) | 0x40); // version 4
    bytes[8] = static_cast<unsigned char>((bytes[8] & 0x3f) | 0x80); // RFC 4122 variant
    char text[37];
    std::snprintf(text, sizeof text, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
        bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]);
    return text;
}

std::string HolderIdentity::processClientId()
{
    static std::mutex mutex;
    static pid_t owner = -1;
    static std::string id;
    std::lock_guard lock(mutex);
    // A forked child must not hold locks under its parent's identity.
    if (owner != getpid()) {
        owner = getpid();
        id = randomUuid();
    }
    return id;
}

HolderIdentity HolderIdentity::next()
{
    static std::atomic<long long> counter {0};
    return HolderIdentity {processClientId(), ++counter};
}

} // namespace lockscope
