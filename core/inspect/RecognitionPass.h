#pragma once

#include "inspect/LockSnapshot.h"
#include "inspect/recognizers/LockRecognizer.h"
#include "inspect/recognizers/RecognitionContext.h"

#include <vector>

namespace lockscope {

// The catalogue's recognisers in their order, and the step that turns keys already read into locks: what
// LockClassifier does once it has read the keys, their TTLs and the channel subscribers. Needs
// no Redis, so a keyspace can be replayed through it (the recogniser fuzzer does).
class RecognitionPass
{
public:
    RecognitionPass();

    const std::vector<const LockRecognizer*>& recognizers() const { return m_recognizers; }

    // Runs every recogniser over the unclaimed keys of context.keys, then groups fence counters
    // and LockScope waiter registries into the locks found.
    std::vector<LockSnapshot> recognize(RecognitionContext& context) const;
    // The same with one recogniser, the catalogue's `format`-th, for keys known to be its locks'.
    std::vector<LockSnapshot> recognizeAs(RecognitionContext& context, std::uint16_t format) const;

private:
    static void groupAuxiliaryKeys(RecognitionContext& context, std::vector<LockSnapshot>& locks);
    // A semaphore whose keys have no TTL but whose permits expire one by one (sorted sets scored
    // by expiry): its TTL is the latest permit's, so that it shows when it frees itself at last.
    static void leaseSemaphores(long long nowMs, std::vector<LockSnapshot>& locks);

    const std::vector<const LockRecognizer*>& m_recognizers; // RecognizerCatalog::all()
};

} // namespace lockscope
