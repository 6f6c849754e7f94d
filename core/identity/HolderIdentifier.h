#pragma once

#include "identity/CommandSample.h"
#include "identity/IdentityLedger.h"
#include "inspect/BlockedPopCensus.h"
#include "inspect/LockSnapshot.h"

#include <chrono>
#include <vector>

namespace lockscope {

class RedisConnection;

// Who holds the locks of one server (one master of a cluster): its command samples and its
// clients, remembered between calls. Samples run only when asked; CLIENT LIST is read through a
// census, at most once per `clientListMaxAge` however often identities are attached.
class HolderIdentifier
{
public:
    explicit HolderIdentifier(std::chrono::milliseconds clientListMaxAge = std::chrono::seconds(5));

    // Samples the server's commands (CommandSample) for the holders of `locks`, keeping the lines
    // on their keys and on other lock-named keys (a lock taken during the sample); it ends early
    // once every holder that its value does not name was seen.
    SampleReport sample(RedisConnection& monitor, RedisConnection& control,
        const std::vector<LockSnapshot>& locks, const SampleOptions& options,
        const CancellationToken* cancel = nullptr);

    // Gives every holder of `locks` its identity (HolderAttribution) from what was learned and the
    // server's clients now.
    void attach(RedisConnection& control, std::vector<LockSnapshot>& locks);

    // Why CLIENT LIST gave nothing, if the server refused it at the last reading.
    const std::optional<RedisError>& clientListRefusal() const { return m_census.refusal(); }
    const IdentityLedger& ledger() const { return m_ledger; }
    BlockedPopCensus& census() { return m_census; }

private:
    IdentityLedger m_ledger;
    BlockedPopCensus m_census;
    long long m_sampleStartMs = 0;
    long long m_ledgerReadMs = 0; // the census reading the ledger last saw
    void noteClients(RedisConnection& control);
};

} // namespace lockscope
