#pragma once

#include "inspect/recognizers/LockRecognizer.h"

#include <optional>

namespace lockscope {

// One STRING holding a random token (SET NX PX, compare-and-delete release): redis-py Lock
// (uuid1().hex), node-redlock (32 random hex), redis-semaphore Mutex (`mutex:<name>`, UUIDv4),
// redis-plus-plus RedMutex (20 alphanumerics), LockScope's token kind (32 hex with a
// `lockscope:fence:{name}` counter) and the SET page's "unguessable token".
// Random-looking strings are everywhere (sessions, CSRF tokens, digests), so a value shape
// alone is only enough where it is unmistakable: a recent UUIDv1 (redis-py), a LockScope fence,
// the `mutex:` prefix. Otherwise the key name must say "lock"; the value's shape then names the
// likely library (redsync's 24-character padded base64, bsm/redislock's 22 URL-safe characters
// and metadata, go-zero's 16 letters, redlock-universal's <node>:<ms>:<16 hex>...).
// A value that is nothing but one random token of a known shape (TokenShape), with a TTL, under
// any other name is listed too, as a possible lock with a low confidence: node-redlock guarding
// an order number looks exactly like that, and so does a session id.
// Keys holding the same value are one lock over several keys (node-redlock v5, bsm ObtainMulti).
class TokenLockRecognizer : public LockRecognizer
{
public:
    std::string_view name() const override { return "token-lock"; }
    Candidacy isCandidate(const RawKey& key, const RecognitionContext& context) const override;
    void relatedKeys(const RawKey& key, std::vector<std::string>& names) const override;
    bool relatedKeysAreAuxiliary() const override { return true; } // the lockscope:fence counter
    void recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const override;
    // The lock itself, and `mutex:<name>` (redis-semaphore's Mutex; the lock keeps the key's name).
    void keysOf(const std::string& lockName, std::vector<std::string>& keys) const override;
    // Lock-named keys and `mutex:` ones (a token under a plain name needs its value, or a TTL).
    bool claimsName(std::string_view key) const override;

private:
    struct Verdict
    {
        LockLibrary library = LockLibrary::Unknown;
        double confidence = 0;
        UserText reason;
        bool possible = false;
    };
    std::optional<Verdict> judge(const RawKey& key, const RecognitionContext& context) const;
    // Notes, on the locks made from `first` on, which of them hold the same value.
    static void noteSharedValues(std::vector<LockSnapshot>& locks, size_t first);
    // Notes on each of `members` (indices into `locks`, holding one value) that they are one lock.
    static void noteOneLockOverKeys(std::vector<LockSnapshot>& locks, const std::vector<size_t>& members);
};

} // namespace lockscope
