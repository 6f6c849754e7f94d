#pragma once

#include "inspect/recognizers/LockRecognizer.h"
#include "inspect/LockSnapshot.h"
#include "inspect/recognizers/RecognitionContext.h"

#include <memory>
#include <vector>

namespace lockscope {

// The recognisers in their order, and the step that turns keys already read into locks: what
// LockClassifier does once it has read the keys, their TTLs and the channel subscribers. Needs
// no Redis, so a keyspace can be replayed through it (the recogniser fuzzer does).
class KeyRecognition
{
public:
    KeyRecognition();
    ~KeyRecognition();
    KeyRecognition(const KeyRecognition&) = delete;
    KeyRecognition& operator=(const KeyRecognition&) = delete;

    const std::vector<std::unique_ptr<LockRecognizer>>& recognizers() const { return m_recognizers; }

    // Runs every recogniser over the unclaimed keys of context.keys, then groups fence counters
    // and LockScope waiter registries into the locks found.
    std::vector<LockSnapshot> recognize(RecognitionContext& context) const;

private:
    static void groupAuxiliaryKeys(RecognitionContext& context, std::vector<LockSnapshot>& locks);

    std::vector<std::unique_ptr<LockRecognizer>> m_recognizers;
};

} // namespace lockscope
