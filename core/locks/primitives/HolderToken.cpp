#include "locks/primitives/HolderToken.h"

#include <openssl/rand.h>

#include <pthread.h>

#include <array>
#include <cstring>
#include <mutex>
#include <random>

namespace lockscope {

namespace {
std::mt19937_64& generator()
{
    thread_local std::mt19937_64 engine {std::random_device {}()};
    return engine;
}

// Random bytes drawn from the CSPRNG a block at a time: each RAND_bytes call has a fixed cost
// (locking, reseed checks) that a stress client, which takes a new token per hold, would
// otherwise pay on every acquire.
struct RandomPool
{
    std::array<unsigned char, 4096> bytes {};
    size_t used = bytes.size();
};

RandomPool& threadPool()
{
    thread_local RandomPool pool;
    return pool;
}

// A child process starts with a copy of its parent's pool and would hand out the parent's next
// tokens: two holders with one token. The atfork handler runs in the only thread the child
// has, the one that forked, so emptying its pool is enough.
void emptyPoolInChild()
{
    threadPool().used = threadPool().bytes.size();
}

void fill(unsigned char* out, size_t size)
{
    static std::once_flag registered;
    std::call_once(registered, [] { ::pthread_atfork(nullptr, nullptr, emptyPoolInChild); });
    RandomPool& pool = threadPool();
    if (pool.used + size > pool.bytes.size()) {
        if (RAND_bytes(pool.bytes.data(), static_cast<int>(pool.bytes.size())) != 1) {
            // The CSPRNG failing is very unlikely; an unpredictable fallback still keeps tokens
            // unique, which is what exclusion needs (unguessability only hardens it).
            std::random_device device;
            for (auto& byte : pool.bytes)
                byte = static_cast<unsigned char>(device());
        }
        pool.used = 0;
    }
    std::memcpy(out, pool.bytes.data() + pool.used, size);
    // Handed-out bytes are wiped so that nothing left in memory predicts a token given earlier.
    std::memset(pool.bytes.data() + pool.used, 0, size);
    pool.used += size;
}
} // namespace

std::string HolderToken::generate()
{
    std::array<unsigned char, 16> bytes {};
    fill(bytes.data(), bytes.size());
    static const char hex[] = "0123456789abcdef";
    std::string token(32, '0');
    for (size_t i = 0; i < bytes.size(); ++i) {
        token[2 * i] = hex[bytes[i] >> 4];
        token[2 * i + 1] = hex[bytes[i] & 0xf];
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
