#pragma once

#include "inspect/recognizers/LockRecognizer.h"

namespace lockscope {

// The user's word for it: keys matching one of their patterns ("locks:*") are locks even when
// no heuristic knows the format. Runs after every format recogniser, so a key in a known format
// keeps its detailed reading. The kind is guessed from the type: a hash is reentrant, a zset or
// list or integer a semaphore, a timestamp legacy, any other string a token.
class UserPatternRecognizer : public LockRecognizer
{
public:
    std::string_view name() const override { return "user-pattern"; }
    Candidacy isCandidate(const RawKey& key, const RecognitionContext& context) const override;
    void recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const override;
};

} // namespace lockscope
