#pragma once

#include "inspect/LockSnapshot.h"

#include <optional>
#include <vector>

namespace lockscope {

class ClientList;
class IdentityLedger;

// Gives each holder of `locks` its identity from what a server's samples learned (the ledger)
// and its clients now (a CLIENT LIST reading at `readAtMs`; null when the server refused it):
// the connection that sent the holder's value on the lock's keys, or that its client UUID
// renews from, named by its CLIENT LIST entry. A holder whose connection has left CLIENT LIST
// while its lock stays is said to be closed since then, and a lock that will not go by itself
// (no TTL, or one longer than a minute) is marked stuck for it. A value's own identity (a host
// the value names) is kept where nothing better is known, and completed where something is.
// Holders nothing names get an identity of source Unknown (the reason is said once, elsewhere).
class HolderAttribution
{
public:
    // Which samples count as current: a sighting after `sampleStartMs` is `Sample`, an older one
    // `Remembered`.
    static void attach(std::vector<LockSnapshot>& locks, const IdentityLedger& ledger,
        const ClientList* clients, long long readAtMs, long long sampleStartMs);

    // "03:02:11 UTC"
    static std::string clockTime(long long epochMs);
};

} // namespace lockscope
