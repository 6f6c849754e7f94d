#pragma once

#include "inspect/HolderIdentification.h"

#include <optional>
#include <string>
#include <string_view>

namespace lockscope {

// What the value of a simple format's key holds, by how its library makes it. Each shape both
// reads a value (is it this shape, and what does it say about the holder) and makes one for
// the sample locks, so that the two cannot drift apart.
enum class ValueShape
{
    Uuid, // 8-4-4-4-12 hex (Guid.NewGuid(), uuid4)
    Hex64NoLeadingZero, // 64 hex digits, never starting with 0 (random bytes + md5, php-lock)
    ExpiryEpochMs, // 13 digits: the epoch ms at which the lock expires, near now; no holder named
    Base64Unpadded24, // 24 characters of standard base64 (18 random bytes)
    WorkerUuidCounter, // <worker UUID>:<n>, the worker's id and a counter of the locks it took
    Uuid1Hex, // uuid1().hex minted in the last year: redis-py's Lock token
    ProcessId, // a process id in decimal (os.getpid())
    HostAndPid, // <host name>:<process id>
    PrintableWord, // a host, process or task name: printable ASCII, no spaces, at most 255 bytes
    HolderName, // a PrintableWord that names the holder (a host or service name): its identity
    UrlSafe20, // 20 characters of [A-Za-z0-9_-] (Yii's generateRandomString(20))
    RandomBytes20, // 20 random bytes as they are, not text (rslock's and redlock-rs's lock id)
    Base64Padded44, // 32 random bytes as standard base64, 43 characters and "=" (Symfony's token)
    Base64Uuid1, // a UUIDv1's 16 bytes as standard base64 (24 characters, "=="), minted in the last year
    MathRandom, // JavaScript's String(Math.random()): "0." and up to 20 digits
    ChatSdkToken, // redis_<epoch ms>_<up to 13 base-36 characters>: when and a random part
    LeaderSha1, // "leader:" and 40 hex (a SHA-1): safe-redis-leader's id, shaped like its key
    LeaderSpaceSha1, // "leader: " and 40 hex: ts-safe-redis-leader's id
    LockedSinceJson, // {"lockedSince":"<ISO 8601 time>"}: when it was taken, no holder
};

// What a value of a shape says about its holder.
struct ValueReading
{
    std::string owner; // empty: the value itself
    std::string clientUuid;
    std::optional<long long> expiresAtMs;
    HolderIdentification identity; // the host, service or process the value names, if any
};

class ValueShapes
{
public:
    // What `value` says if it has `shape` (judged at server time `nowMs`), else nullopt.
    static std::optional<ValueReading> read(ValueShape shape, std::string_view value, long long nowMs);
    // A value of `shape` as its library would write it now, for a lock of `ttlMs`.
    static std::string sample(ValueShape shape, long long nowMs, long long ttlMs);
};

} // namespace lockscope
