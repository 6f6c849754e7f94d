#include "inspect/recognizers/StringLockRecognizer.h"

#include "inspect/LockNaming.h"

namespace lockscope {

namespace {
// Longer than any lock value a library writes (a ShedLock host plus UUID, bsm metadata).
constexpr size_t longestValue = 512;
} // namespace

bool StringLockRecognizer::isReadableString(const RawKey& key)
{
    return key.type == RawKey::Type::String && !key.truncated && key.value.size() <= longestValue
        && !LockNaming::isAuxiliaryKey(key.name);
}

Candidacy StringLockRecognizer::isCandidate(const RawKey& key, const RecognitionContext& context) const
{
    return isReadableString(key) && read(key, context.nowMs) ? Candidacy::Yes : Candidacy::No;
}

void StringLockRecognizer::recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const
{
    // isCandidate is isReadableString and read(): a key that is no candidate yields nothing here.
    for (const RawKey* key : context.unclaimedCandidates()) {
        if (!isReadableString(*key) || context.keys->isClaimed(key->name))
            continue;
        auto reading = read(*key, context.nowMs);
        if (!reading)
            continue;
        LockSnapshot lock = context.claimLock(
            *key, reading->kind, reading->library, reading->confidence, std::move(reading->reason));
        if (reading->apiName != lock.name)
            lock.apiName = std::move(reading->apiName);
        lock.observedValue = key->value;
        lock.possible = reading->possible;
        if (reading->holder.owner.empty())
            reading->holder.owner = key->value;
        lock.holders.push_back(std::move(reading->holder));
        lock.notes = std::move(reading->notes);
        lock.releaseWarning = std::move(reading->releaseWarning);
        if (!reading->stuckReason.empty())
            lock.markStuck(std::move(reading->stuckReason));
        complete(lock, context);
        out.push_back(std::move(lock));
    }
}

} // namespace lockscope
