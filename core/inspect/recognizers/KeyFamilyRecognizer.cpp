#include "inspect/recognizers/KeyFamilyRecognizer.h"

namespace lockscope {

KeyFamilyRecognizer::KeyFamilyRecognizer(RawKey::Type contentsType)
    : m_contentsType(contentsType)
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

} // namespace lockscope
