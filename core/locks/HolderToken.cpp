#include "locks/HolderToken.h"

#include <openssl/rand.h>

#include <array>
#include <random>

namespace lockscope {

namespace {
std::mt19937_64& generator()
{
    thread_local std::mt19937_64 engine {std::random_device {}()};
    return engine;
}
} // namespace

std::string HolderToken::generate()
{
    std::array<unsigned char, 16> bytes {};
    if (RAND_bytes(bytes.data(), static_cast<int>(bytes.size())) != 1) {
        // The CSPRNG failing is very unlikely; an unpredictable fallback still keeps tokens
        // unique, which is what exclusion needs (unguessability only hardens it).
        std::random_device device;
        for (auto& byte : bytes)
            byte = static_cast<unsigned char>(device());
    }
    static const char hex[] = "0123456789abcdef";
    std::string token;
    token.reserve(32);
    for (unsigned char byte : bytes) {
        token += hex[byte >> 4];
        token += hex[byte & 0xf];
    }
    return token;
}

std::chrono::milliseconds HolderToken::jitter(std::chrono::milliseconds low, std::chrono::milliseconds high)
{
    if (high <= low)
        return low;
    std::uniform_int_distribution<long long> pick(low.count(), high.count());
    return std::chrono::milliseconds(pick(generator()));
}

} // namespace lockscope
