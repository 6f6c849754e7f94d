#pragma once

#include "inspect/LockLibrary.h"
#include "inspect/recognizers/TextTemplate.h"
#include "inspect/recognizers/ValueShape.h"

#include <string_view>

namespace lockscope {

// Where the name the library's API takes sits in the key, between the row's prefix and suffix;
// the lock's `apiName` (LockSnapshot.h) is made by this rule.
enum class NameRule
{
    Rest, // <prefix><name><suffix>: all of it, not empty; the name is <name>
    // <prefix>:<queue>:<job><suffix>: the prefix holds no colon, the queue may (BullMQ); the name
    // is <queue>:<job>
    QueueAndJob,
    // <prefix><queue><infix><name><suffix>: the queue holds no infix (asynq); the name is <name>
    QueueThenName,
    Fixed, // the key is exactly <prefix>: one lock per server (or per namespace), named by the key
    HashedName, // [<5 hex>]<32 hex md5 of the name>: the name itself is not in the key (Yii); the key
    Sha1OfName, // <prefix><40 hex SHA-1 of the name>: only the digest is in the key; the digest
};

// One lock format that is one string key holding one token, as a row of data: the key's shape,
// the value's, the library, the name rule, what the lock shows, how a release wakes waiters and
// its sample lock. SimpleFormatRecognizer reads every row of SimpleLockFormats; a format with
// more structure (several keys, hashes, sorted sets, values with parts) keeps a class.
struct SimpleLockFormat
{
    std::string_view name; // the recogniser's name (LockRecognizer::name)
    LockLibrary library = LockLibrary::Unknown;

    // The key: <prefix><name><suffix>, the name as the rule says.
    std::string_view prefix;
    std::string_view suffix;
    std::string_view infix; // QueueThenName only: what separates the queue from the name
    NameRule nameRule = NameRule::Rest;
    ValueShape value = ValueShape::Uuid;
    bool needsTtl = false; // a key of this shape without a TTL is not this library's

    double confidence = 0;
    TextTemplate reason;
    // Set for a format whose key is any name the caller gives: under a name that does not say
    // lock (LockNaming::looksLikeLockName) the key is only possibly this library's lock, listed
    // with this reason at confidence 0.3, as the other guesses from a token's shape are.
    TextTemplate possibleReason;
    // A note on every lock; %1.. are the name's parts (Rest, Fixed, HashedName: the name;
    // QueueAndJob: job, queue; QueueThenName: name, queue), then the holder's client id.
    TextTemplate note;
    TextTemplate noTtlNote; // a note when the key has no TTL (the library's default writes none)
    TextTemplate releaseWarning;

    // Release and wake-up: a simple format is released by compare-and-delete. Its waiters poll,
    // unless the library pushes a wake-up on the list <wakeListPrefix><name> (BLPOP), which
    // then expires after wakeListExpireMs.
    std::string_view wakeListPrefix;
    long long wakeListExpireMs = 0;
    // Or a PUBLISH on wakeChannel of wakeMessage, in which {key} and {value} stand for the lock's
    // key and the value released (simple-redis-mutex's subscribers retry the key named).
    std::string_view wakeChannel;
    std::string_view wakeMessage;

    // The sample lock the sandbox writes and the tests read: this key, a value of the row's
    // shape, this TTL; and what it is, in words.
    std::string_view sampleKey;
    long long sampleTtlMs = 30000;
    std::string_view sampleWords;
};

} // namespace lockscope
