#pragma once

#include "inspect/recognizers/FamilyKeyShape.h"
#include "inspect/recognizers/LockRecognizer.h"

namespace lockscope {

// The common part of the formats whose lock is a family of keys named after it (a semaphore's
// parts, a digest with its queues, a pair of sorted sets): which lock a key belongs to
// (`lockNameOf`) and which keys a lock has (`keysOf`) follow from the family's key shapes (a
// subclass whose names need more than a shape says it itself), and the scanner's questions are
// answered from those two: a key of the family is a candidate, brings the rest of its family as
// related keys, and has its contents read when it is of the type the format keeps them in.
class KeyFamilyRecognizer : public LockRecognizer
{
public:
    Candidacy isCandidate(const RawKey& key, const RecognitionContext& context) const override;
    void relatedKeys(const RawKey& key, std::vector<std::string>& names) const override;
    bool readsContents(std::string_view key, RawKey::Type type) const override;
    // The name in the first shape `key` has.
    std::optional<std::string> lockNameOf(std::string_view key) const override;
    // A key of every shape, in the shapes' order.
    void keysOf(const std::string& lockName, std::vector<std::string>& keys) const override;

protected:
    explicit KeyFamilyRecognizer(RawKey::Type contentsType, std::vector<FamilyKeyShape> shapes = {});

private:
    RawKey::Type m_contentsType;
    std::vector<FamilyKeyShape> m_shapes;
};

} // namespace lockscope
