#include "inspect/recognizers/UserPatternRecognizer.h"

#include "inspect/recognizers/LegacyTimestampRecognizer.h"
#include "inspect/recognizers/PermitHolder.h"

#include <charconv>
#include <cmath>

namespace lockscope {

Candidacy UserPatternRecognizer::isCandidate(const RawKey& key, const RecognitionContext& context) const
{
    return context.userPatternFor(key.name) ? Candidacy::Yes : Candidacy::No;
}

void UserPatternRecognizer::recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const
{
    for (const RawKey* key : context.keys->unclaimedKeys()) {
        const std::string& name = key->name;
        const GlobPattern* pattern = context.userPatternFor(name);
        if (!pattern || !key)
            continue;
        LockSnapshot lock;
        lock.name = name;
        lock.library = LockLibrary::Unknown;
        lock.confidence = 1.0;
        lock.reason = UserText(LOCKSCOPE_TEXT("UserPatternRecognizer", "user pattern '%1'"), pattern->text());
        lock.node = context.node;
        lock.keys.push_back(name);
        context.keys->claim(name);
        lock.ttlMs = key->ttlMs();
        switch (key->type) {
        case RawKey::Type::Hash:
            lock.kind = LockKind::Reentrant;
            for (const auto& [field, value] : key->fields) {
                LockHolder holder;
                holder.owner = field;
                long long count = 1;
                auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), count);
                if (ec == std::errc() && end == value.data() + value.size() && count > 0)
                    holder.count = count;
                lock.holders.push_back(std::move(holder));
            }
            break;
        case RawKey::Type::ZSet:
        case RawKey::Type::Set:
            lock.kind = LockKind::Semaphore;
            for (const auto& [member, score] : key->members)
                lock.holders.push_back(permitHolder(member));
            break;
        case RawKey::Type::List:
            lock.kind = LockKind::Semaphore;
            lock.permitsAvailable = key->size;
            break;
        case RawKey::Type::String:
            lock.observedValue = key->value;
            if (auto expiry = LegacyTimestampRecognizer::expiryMs(*key, context.nowMs)) {
                lock.kind = LockKind::Legacy;
                if (*expiry < context.nowMs)
                    lock.markStuck(
                        UserText(LOCKSCOPE_TEXT("UserPatternRecognizer", "its timestamp has passed")));
            } else if (auto permits = key->integerValue()) {
                lock.kind = LockKind::Semaphore;
                lock.permitsAvailable = *permits;
            } else {
                lock.kind = LockKind::Token;
                LockHolder holder;
                holder.owner = key->value;
                lock.holders.push_back(std::move(holder));
            }
            break;
        case RawKey::Type::Other:
            lock.kind = LockKind::Token;
            break;
        }
        out.push_back(std::move(lock));
    }
}

} // namespace lockscope
