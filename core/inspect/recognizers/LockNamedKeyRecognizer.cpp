#include "inspect/recognizers/LockNamedKeyRecognizer.h"

#include "inspect/LockNaming.h"

#include <algorithm>

namespace lockscope {

namespace {

// As much of a value as a holder shows (the table, the GUI and JSON escape it where they show
// it); the whole value is kept in observedValue to compare on release.
constexpr size_t shownBytes = 200;

// Whole values only: a value read in part could not be compared when released.
bool isWholeString(const RawKey& key)
{
    return key.type == RawKey::Type::String && !key.truncated && !key.value.empty();
}

// What kind of value it is, for the reason shown: the evidence is the name and the TTL, the
// value only says what the lock's writer chose to store.
UserText valueKind(std::string_view value)
{
    const bool digits = std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (digits)
        return UserText(
            LOCKSCOPE_TEXT("LockNamedKeyRecognizer", "a number (a process id, a counter or a time)"));
    const bool number = std::all_of(value.begin(), value.end(), [](char c) {
        return (c >= '0' && c <= '9') || c == '.' || c == '-' || c == 'e' || c == 'E' || c == '+';
    });
    if (number)
        return UserText(LOCKSCOPE_TEXT("LockNamedKeyRecognizer", "a number"));
    if (value.front() == '{' || value.front() == '[')
        return UserText(LOCKSCOPE_TEXT("LockNamedKeyRecognizer", "JSON"));
    const bool printable = std::all_of(value.begin(), value.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u >= 0x20 && u < 0x7f;
    });
    return printable ? UserText(LOCKSCOPE_TEXT("LockNamedKeyRecognizer", "text"))
                     : UserText(LOCKSCOPE_TEXT("LockNamedKeyRecognizer", "binary data"));
}

} // namespace

Candidacy LockNamedKeyRecognizer::isCandidate(const RawKey& key, const RecognitionContext&) const
{
    // The TTL is read only for candidates: the name decides here, recognize() the TTL.
    return isWholeString(key) && !LockNaming::isAuxiliaryKey(key.name)
            && LockNaming::looksLikeLockName(key.name)
        ? Candidacy::Yes
        : Candidacy::No;
}

void LockNamedKeyRecognizer::recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const
{
    for (const RawKey* key : context.unclaimedCandidates()) {
        if (!key || !key->ttlMs() || isCandidate(*key, context) == Candidacy::No)
            continue;
        LockSnapshot lock = context.claimLock(*key, LockKind::Token, LockLibrary::Unknown, 0.5,
            UserText(LOCKSCOPE_TEXT("LockNamedKeyRecognizer",
                         "the name says lock and the key has a TTL; it holds %1, in no format a "
                         "known library writes: a lock of unknown origin, its value shown as holder"),
                valueKind(key->value)));
        lock.observedValue = key->value;
        LockHolder holder;
        holder.owner
            = key->value.size() <= shownBytes ? key->value : key->value.substr(0, shownBytes) + "...";
        lock.holders.push_back(std::move(holder));
        out.push_back(std::move(lock));
    }
}

} // namespace lockscope
