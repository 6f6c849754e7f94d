#include "inspect/recognizers/KeyFamilyRecognizer.h"

namespace lockscope {

KeyFamilyRecognizer::KeyFamilyRecognizer(RawKey::Type contentsType, std::vector<FamilyKeyShape> shapes)
    : m_contentsType(contentsType)
    , m_shapes(std::move(shapes))
{
}

Candidacy KeyFamilyRecognizer::isCandidate(const RawKey& key, const RecognitionContext&) const
{
    return lockNameOf(key.name) ? Candidacy::Yes : Candidacy::No;
}

void KeyFamilyRecognizer::relatedKeys(const RawKey& key, std::vector<std::string>& names) const
{
    if (auto lockName = lockNameOf(key.name))
        keysOf(*lockName, names);
}

bool KeyFamilyRecognizer::readsContents(std::string_view key, RawKey::Type type) const
{
    return type == m_contentsType && lockNameOf(key);
}

std::optional<std::string> KeyFamilyRecognizer::lockNameOf(std::string_view key) const
{
    for (const FamilyKeyShape& shape : m_shapes) {
        if (auto lockName = shape.lockNameIn(key))
            return lockName;
    }
    return std::nullopt;
}

void KeyFamilyRecognizer::keysOf(const std::string& lockName, std::vector<std::string>& keys) const
{
    for (const FamilyKeyShape& shape : m_shapes)
        keys.push_back(shape.keyFor(lockName));
}

} // namespace lockscope
