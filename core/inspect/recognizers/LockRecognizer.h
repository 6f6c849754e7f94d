#pragma once

#include "inspect/LockSnapshot.h"
#include "inspect/recognizers/RecognitionContext.h"
#include "inspect/recognizers/ReleaseWakeUp.h"
#include "inspect/scan/RawKey.h"
#include "redis/CommandPolicy.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lockscope {

enum class Candidacy
{
    No,
    Yes,
    // Only if one of channels(key) has subscribers: e.g. an integer string is a Redisson
    // semaphore only when clients wait on its channel; otherwise it is just a counter.
    IfSubscribed,
};

// Recognises one lock format, and is the one place that knows it: which keys it reads, which lock
// a key belongs to, which keys a lock has, how its permits are given back. The classifier asks
// every recogniser of the RecognizerCatalog, in order, to turn unclaimed keys into locks; a
// recogniser claims every key it groups into a lock. The watcher and the by-name lookups ask the
// naming questions, so a format that answers them is followed live without code elsewhere.
class LockRecognizer
{
public:
    virtual ~LockRecognizer() = default;
    virtual std::string_view name() const = 0;

    // A cheap look at one scanned key: keep it for recognition? Keys nobody wants are dropped
    // right away, which keeps memory bounded on big keyspaces. Called on the scanner's reader
    // threads: it may read only the context's clock and user patterns, set before the scan, and
    // decides without the key's TTL (read later, for candidates only). The classifier asks it
    // once per key and keeps the answer.
    virtual Candidacy isCandidate(const RawKey& key, const RecognitionContext& context) const = 0;
    // Keys that complete a lock started by `key` (queue, timeout zset, rwlock_timeout keys...):
    // read by name when a pattern-limited scan did not see them.
    virtual void relatedKeys(const RawKey& key, std::vector<std::string>& names) const { }
    // Whether every key relatedKeys() names is an auxiliary one (LockNaming::isAuxiliaryKey):
    // after a full scan those are in the index already or absent, so they are not even named.
    virtual bool relatedKeysAreAuxiliary() const { return false; }
    // Pub/sub channels whose subscriber counts help recognise or describe `key`'s lock.
    virtual void channels(const RawKey& key, std::vector<std::string>& names) const { }

    // Turns unclaimed keys into locks, claiming the keys it uses.
    virtual void recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const = 0;

    // Strings and hashes are always read (locks of many formats take any name). A list, sorted
    // set or set is read only when some format wants it: does this one, under this name? Called
    // on the scanner's reader threads: decide on the name and type alone.
    virtual bool readsContents(std::string_view key, RawKey::Type type) const { return false; }
    // The lock a key of this format belongs to when its name is not the lock's (a queue, a
    // timeout zset, one part of a semaphore); nullopt for keys this format does not derive.
    virtual std::optional<std::string> lockNameOf(std::string_view key) const { return std::nullopt; }
    // Whether the key's name alone says it may be a key of this format (a prefix, a suffix, a
    // name derived from a lock's), without its type or value: the watcher reads a key of an
    // unknown lock when a keyspace notification names it only if some format claims the name (or
    // the key was given a TTL). Formats that take any name (a Redisson hash, a token under a
    // plain name) claim none here: their locks always come with a TTL.
    virtual bool claimsName(std::string_view key) const { return lockNameOf(key).has_value(); }
    // Every key a lock called `lockName` may have in this format, so that one lock can be read
    // by name without a scan (admin actions, the watcher re-reading a notified lock).
    virtual void keysOf(const std::string& lockName, std::vector<std::string>& keys) const { }
    // How a forced release of `lock` wakes its waiters, if this format made the lock and its
    // library wakes waiters on release; nullopt: nobody to wake (waiters poll).
    virtual std::optional<ReleaseWakeUp> wakeUpOnRelease(const LockSnapshot& lock) const
    {
        return std::nullopt;
    }
    // The whole release of `lock` the way its library does it, for formats that are not one key
    // compared by value or one Redisson hash (a sorted set of tokens, a lock of several keys with
    // side keys to clean): one EVAL that acts only if Redis still holds what `lock` shows and
    // replies {1, notified} when it released, {0, 0} when the lock is gone, {-1, 0} when it
    // changed. nullopt: this format did not make `lock` (ForceRelease's own comparison applies).
    virtual std::optional<RedisCommand> ownRelease(const LockSnapshot& lock) const { return std::nullopt; }
    // The command that gives back `holder`'s permits of `semaphore` the way its library does,
    // acting only if the holder still has them; nullopt when this format did not make the
    // semaphore or records no holders that can be given back safely.
    virtual std::optional<RedisCommand> permitRelease(
        const LockSnapshot& semaphore, const LockHolder& holder) const
    {
        return std::nullopt;
    }
};

} // namespace lockscope
