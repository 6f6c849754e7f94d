#include "inspect/RecognitionPass.h"

#include "common/UserText.h"
#include "inspect/LockNaming.h"
#include "inspect/recognizers/RecognizerCatalog.h"
#include "inspect/scan/ScoreMillis.h"
#include "locks/LockKeyNames.h"

#include <algorithm>
#include <cmath>

namespace lockscope {

RecognitionPass::RecognitionPass()
    : m_recognizers(RecognizerCatalog::all())
{
}

std::vector<LockSnapshot> RecognitionPass::recognize(RecognitionContext& context) const
{
    std::vector<LockSnapshot> locks;
    for (size_t format = 0; format < m_recognizers.size(); ++format) {
        context.recognizerPlace = format;
        const size_t before = locks.size();
        m_recognizers[format]->recognize(context, locks);
        for (size_t made = before; made < locks.size(); ++made)
            locks[made].format = static_cast<std::uint16_t>(format);
    }
    context.recognizerPlace = static_cast<size_t>(-1);
    groupAuxiliaryKeys(context, locks);
    return locks;
}

std::vector<LockSnapshot> RecognitionPass::recognizeAs(
    RecognitionContext& context, std::uint16_t format) const
{
    std::vector<LockSnapshot> locks;
    context.recognizerPlace = format;
    m_recognizers.at(format)->recognize(context, locks);
    context.recognizerPlace = static_cast<size_t>(-1);
    for (auto& lock : locks)
        lock.format = format;
    groupAuxiliaryKeys(context, locks);
    return locks;
}

void RecognitionPass::groupAuxiliaryKeys(RecognitionContext& context, std::vector<LockSnapshot>& locks)
{
    CandidateKeyIndex& index = *context.keys;
    if (!index.hasAuxiliaryKeys())
        return; // every name looked up below is an auxiliary one
    for (auto& lock : locks) {
        const bool redissonFormat = lock.kind == LockKind::Reentrant || lock.kind == LockKind::Fair
            || lock.kind == LockKind::ReadWrite;
        const std::string redissonFence = LockKeyNames::fenceCounter(lock.name);
        const std::string lockscopeFence = LockKeyNames::lockscopeFence(lock.name);
        for (const std::string* fenceName : {&redissonFence, &lockscopeFence}) {
            if (fenceName == &redissonFence && !redissonFormat)
                continue;
            const RawKey* fence = index.find(*fenceName);
            if (!fence || index.isClaimed(*fenceName) || !fence->integerValue())
                continue;
            index.claim(*fenceName);
            lock.keys.push_back(*fenceName);
            lock.fence = std::max(lock.fence.value_or(*fence->integerValue()), *fence->integerValue());
        }
        const std::string waitersName = LockKeyNames::lockscopeWaiters(lock.name);
        const RawKey* registry = index.find(waitersName);
        if (registry && registry->type == RawKey::Type::ZSet && !index.isClaimed(waitersName)) {
            index.claim(waitersName);
            lock.keys.push_back(waitersName);
            long long stale = 0;
            for (const auto& [waiterId, staleAfter] : registry->members) {
                LockWaiter waiter;
                waiter.owner = waiterId;
                waiter.source = WaiterSource::LockScopeRegistry;
                waiter.deadlineMs = scoreMillis(staleAfter);
                if (waiter.deadlineMs && *waiter.deadlineMs < context.nowMs) {
                    ++stale; // a dead waiter: pruned by the next enter(); not shown as waiting
                    continue;
                }
                lock.waiters.push_back(std::move(waiter));
            }
            if (stale > 0)
                lock.notes.emplace_back(LOCKSCOPE_TEXT("LockClassifier",
                                            "%1 stale LockScope waiter registration(s) (dead waiters)"),
                    stale);
            // Registered LockScope waiters also subscribe to Redisson channels: do not add twice.
            lock.waiterCount
                = std::max<long long>(lock.waiterCount, static_cast<long long>(lock.waiters.size()));
        }
    }
}

} // namespace lockscope
