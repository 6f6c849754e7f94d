#pragma once

#include "inspect/recognizers/LockRecognizer.h"
#include "inspect/scan/RawKey.h"

#include <string>
#include <string_view>
#include <vector>

namespace lockscope {

// Every lock format LockScope knows, in claiming order: the first recogniser to claim a key owns
// it, so specific formats come first, the guesses (tokens, timestamps) after them, the user's
// patterns last. A new format is one line here (see core/inspect/README.md, "Add a lock format").
// Recognisers keep no state, so one shared set serves every classifier and thread.
class RecognizerCatalog
{
public:
    static const std::vector<const LockRecognizer*>& all();

    // The lock `key` belongs to: what a format answers, or the key itself (most locks are one
    // key named after the lock). Fence counters and waiter registries name their lock too.
    static std::string lockNameForKey(std::string_view key);
    // The keys a lock called `lockName` may have, in every format, with its fence counters and
    // waiter registry (no duplicates; the name itself first).
    static std::vector<std::string> keysOfLock(const std::string& lockName);
    // Whether some format claims the name alone (LockRecognizer::claimsName), or it is a fence
    // counter or waiter registry: the watcher's test of whether a notified key of no lock it
    // knows may be a lock's (the lock-word test first: it decides most lock names at once).
    static bool claimsName(std::string_view key);
    // Whether some format reads a key of this type under this name (see
    // LockRecognizer::readsContents).
    static bool someFormatReads(std::string_view key, RawKey::Type type);
};

} // namespace lockscope
