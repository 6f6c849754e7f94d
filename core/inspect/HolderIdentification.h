#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace lockscope {

// How a holder's identity was learned, cheapest first.
enum class IdentitySource
{
    None, // not asked (an empty identity: shown nowhere)
    Unknown, // asked, and nothing said who it is (not seen in a sample, or the sample was refused)
    Value, // the lock's value names a host, service or process (ShedLock, resque, node-resque)
    Sample, // a sample of the server's commands (MONITOR) saw its connection renew or take it
    Remembered, // an earlier sample of the same server saw its token or client UUID
};

// The JSON name: none, unknown, value, sample, remembered.
std::string_view identitySourceName(IdentitySource source);

// Who holds a lock, as far as LockScope could tell: a service or connection name, where it
// connects from, its client library, the process and thread where the value says so, since
// when, and how this was learned. (Not to be confused with locks/primitives/HolderIdentity,
// which is the identity a LockScope lock *takes*.) All text is raw bytes as the server or the
// value gave them.
struct HolderIdentification
{
    std::string name; // CLIENT SETNAME, or the host/service the value names
    std::string addr; // ip:port of the holder's connection, from CLIENT LIST or a sample
    std::string libName; // CLIENT SETINFO lib-name (Redis 7.2+, Valkey 8+), where sent
    std::string libVer;
    std::string process; // a process id, where the value says so
    std::string thread; // a thread id, where the value says so (Redisson's `<uuid>:<thread>`)
    std::optional<long long> sinceMs; // epoch ms: connected (or, from the value, took the lock) then
    // Epoch ms of the first CLIENT LIST reading without the holder's connection while its lock
    // stayed: evidence that nothing will release it.
    std::optional<long long> connectionClosedAtMs;
    IdentitySource source = IdentitySource::None;

    bool empty() const { return source == IdentitySource::None; }
    // "10.0.0.5" of "10.0.0.5:51234" ("::1" of "[::1]:51234"): a port says nothing to a reader.
    std::string host() const;
    // "orders-service · 10.0.0.5": the name and the host (raw bytes; empty: nothing known).
    std::string shortText() const;
    // The separator shortText() puts between them (UTF-8).
    static constexpr std::string_view separator = " \xC2\xB7 ";
    friend bool operator==(const HolderIdentification&, const HolderIdentification&) = default;
};

} // namespace lockscope
