#pragma once

#include "inspect/recognizers/LockRecognizer.h"

namespace lockscope {

// The common part of the formats whose lock is a family of keys named after it (a semaphore's
// parts, a digest with its queues, a pair of sorted sets): a subclass says which lock a key
// belongs to (`lockNameOf`) and which keys a lock has (`keysOf`), and the scanner's questions are
// answered from those two: a key of the family is a candidate, brings the rest of its family as
// related keys, and has its contents read when it is of the type the format keeps them in.
class KeyFamilyRecognizer : public LockRecognizer
{
public:
    Candidacy isCandidate(const RawKey& key, const RecognitionContext& context) const override;
    void relatedKeys(const RawKey& key, std::vector<std::string>& names) const override;
    bool readsContents(std::string_view key, RawKey::Type type) const override;

protected:
    explicit KeyFamilyRecognizer(RawKey::Type contentsType);

private:
    RawKey::Type m_contentsType;
};

} // namespace lockscope
