#pragma once

#include "locks/DistributedLock.h"
#include "locks/lease/HoldRenewal.h"
#include "locks/primitives/HolderIdentity.h"
#include "redis/RedisConnection.h"

#include <memory>
#include <mutex>
#include <string>

namespace lockscope {

// Kind `semaphore`: LockScope's own counting semaphore with N permits, built so that waiters
// block inside Redis (BLMOVE, after the blocking-queue pattern with BLPOP that Redis's SETNX
// page mentions) and no permit is ever lost, whatever moment a client dies at.
//
// Redis format, all keys in one cluster slot (`{<name>}`; no braces added when the name
// already has them), no TTLs (the semaphore outlives its holders):
//   lockscope:semaphore:{<name>}:permits   STRING  N, written by whoever comes first
//   lockscope:semaphore:{<name>}:free      LIST    free permit tokens (unique decimal ids)
//   lockscope:semaphore:{<name>}:taken     LIST    tokens moved out of `free` by a taker
//   lockscope:semaphore:{<name>}:leases    ZSET    token -> lease deadline (server epoch ms)
//   lockscope:semaphore:{<name>}:holders   HASH    token -> holder id `<clientUUID>:<n>`
//   lockscope:semaphore:{<name>}:unleased  ZSET    token -> when a reclaim first saw it taken
//                                                  without a lease
//   lockscope:semaphore:{<name>}:seq       STRING  counter minting tokens
//   lockscope:semaphore:{<name>}:fence     STRING  fencing counter, INCR per acquired permit
// Invariant: LLEN free + LLEN taken = N (the reclaim step mints tokens that someone deleted
// from outside).
//
// Taking a permit is two steps: (1) BLMOVE free -> taken (atomic: the token is never in neither
// list; BRPOPLPUSH on servers without BLMOVE, Redis 6.0), (2) one Lua call writes the lease and the
// holder, and INCRs the fence. A reclaim script, run by every taker before it blocks and while it
// waits, returns to `free` (as a freshly minted token) every permit whose lease expired and every
// token that has sat in `taken` without a lease for longer than a grace period (a taker that died
// between the two steps). Fresh tokens make a late step (2) of a presumed-dead taker fail instead
// of sharing a permit. Releasing removes the lease and the token and pushes a fresh token; the push
// wakes the longest-blocked BLMOVE. Times are the server's (TIME). Permits do not re-enter:
// acquire() on an object that holds is an error.
class Semaphore : public DistributedLock
{
public:
    static constexpr std::chrono::milliseconds defaultUnleasedGrace {5000};

    Semaphore(ConnectionOptions options, std::string name, int permits,
        HolderIdentity identity = HolderIdentity::next(), std::shared_ptr<LockWatchdog> watchdog = nullptr,
        std::chrono::milliseconds unleasedGrace = defaultUnleasedGrace);
    ~Semaphore() override; // releases a permit still held, best effort

    // The key of one part (`free`, `taken`, ...) of the semaphore `name`.
    static std::string keyFor(const std::string& name, std::string_view part);

    LockAlgorithm kind() const override { return LockAlgorithm::Semaphore; }
    const std::string& name() const override { return m_name; }
    std::string holderId() const override { return m_identity.field(); }

    Result<AcquireResult> acquire(const AcquireOptions& options) override;
    Result<HoldOutcome> release() override;
    Result<HoldOutcome> extend(std::chrono::milliseconds lease) override;
    // Safe from any thread (a monitor asking while the owner blocks): it has its own connection.
    Result<bool> isHeld() override;
    std::optional<long long> fence() const override { return m_fence; }
    bool renewalFailed() const override { return m_renewal.failed(); }

    void setRenewalHandler(RenewalState::Handler handler) { m_renewal.setHandler(std::move(handler)); }
    std::shared_ptr<const RenewalState> renewalState() const { return m_renewal.state(); }
    // The token of the permit held, if any.
    const std::optional<std::string>& permitToken() const { return m_token; }
    int permits() const { return m_permits; }

    // Runs the reclaim step once (also creates the semaphore if it does not exist yet); returns
    // how many permits came back. For tools and tests; takers run it by themselves.
    Result<long long> reclaim();

private:
    struct Reclaimed
    {
        long long permits = 0;
        std::chrono::milliseconds nextCheck {-1}; // when a lease or a grace period runs out
    };
    Result<Reclaimed> runReclaim();
    Result<std::optional<std::string>> takeToken(std::optional<std::chrono::milliseconds> block);
    Result<long long> leaseToken(const std::string& token, std::chrono::milliseconds lease);
    Result<RedisConnection*> connection();
    std::vector<std::string> keys() const;
    void endHold();

    ConnectionOptions m_options;
    std::string m_name;
    int m_permits;
    HolderIdentity m_identity;
    std::chrono::milliseconds m_unleasedGrace;
    std::unique_ptr<RedisConnection> m_connection;
    mutable std::mutex m_probeMutex; // guards m_probe, and m_token against isHeld()'s reads
    std::unique_ptr<RedisConnection> m_probe;

    std::optional<std::string> m_token;
    std::optional<long long> m_fence;
    HoldRenewal m_renewal;
};

} // namespace lockscope
