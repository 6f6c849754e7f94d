#pragma once

#include "inspect/LockSnapshot.h"
#include "inspect/RecognitionPass.h"
#include "inspect/recognizers/LockRecognizer.h"
#include "inspect/scan/BoundedKeyReader.h"
#include "redis/RedisConnection.h"

#include <string>
#include <vector>

namespace lockscope {

class BlockedPopCensus;
class ServerClock;
class SharedHolderMemory;

struct ClassifierOptions
{
    std::vector<std::string> userPatterns; // globs whose keys are locks whatever they hold
    ReadLimits limits;
    size_t channelsPerNumsub = 500; // channels per PUBSUB NUMSUB command
    // Where begin() gets the count of clients blocked in list pops; null: a fresh CLIENT LIST.
    BlockedPopCensus* blockedPops = nullptr;
    // Where begin() gets the server's time; null: a TIME of its own.
    ServerClock* serverClock = nullptr;
    SharedHolderMemory* sharedHolders = nullptr; // see SharedHolderMemory
};

// Turns the keys of one node into locks. Feed it the scanner's batches (addBatch), or named
// keys (addNamed), then finish(): it reads the related keys a lock needs that were not seen
// (fair queue, fence counter, rwlock_timeout keys...), counts channel subscribers with batched
// PUBSUB NUMSUB, runs the recognisers in order and groups fence counters and LockScope waiter
// registries into their locks. Only candidate keys are kept between batches.
class LockClassifier
{
public:
    LockClassifier(RedisConnection& connection, std::string node, ClassifierOptions options = {});
    ~LockClassifier();
    LockClassifier(const LockClassifier&) = delete;
    LockClassifier& operator=(const LockClassifier&) = delete;

    // Reads the server clock and the blocked clients; call before adding keys.
    Status begin();
    enum class Ttls
    {
        Read, // the batch's keys carry their TTLs
        // Read in finish(), for the keys kept (ScanOptions::readTtl off): one pipelined round for
        // all of them instead of a round trip per batch.
        NotRead,
    };
    Status addBatch(std::vector<RawKey>&& batch, Ttls ttls = Ttls::Read);
    // `likelyPresent`: the names are keys seen lately, so their TTLs are asked for with their
    // first read (one round trip less; a key found gone wasted one PTTL).
    Status addNamed(const std::vector<std::string>& names, bool likelyPresent = false);
    // `sawEveryKey`: the keys came from a scan without patterns, so an auxiliary key (queue,
    // fence, registry...) that is not in the index does not exist and need not be read.
    // `namedEveryKey`: the keys added are all their locks have (see LockInspector::inspectKeys):
    // no related key is read.
    Result<std::vector<LockSnapshot>> finish(bool sawEveryKey = false, bool namedEveryKey = false);
    // For keys known to be all the keys of locks of one format (a watcher re-reading locks it
    // knows), instead of addNamed and finish: reads them with their TTLs and recognises them with
    // that format's recogniser alone (LockSnapshot::format). A key that a format earlier in the
    // claiming order might take is left out, so its lock is not reported from it: the caller
    // reads such a lock the full way.
    Status addKnown(const std::vector<std::string>& names, std::uint16_t format);
    Result<std::vector<LockSnapshot>> finishAs(std::uint16_t format);

    size_t candidateCount() const { return m_index.size(); }
    // Which keys need their contents read: strings and hashes always (Redisson locks and token
    // locks take any name), lists, sorted sets and sets only under the names lock formats use.
    // Safe to call from the scanner's reader threads (it reads only immutable state).
    BoundedKeyReader::ContentFilter contentFilter() const;
    // Which read keys may be (part of) a lock: auxiliary keys and keys some recogniser wants,
    // or might want once channel subscribers are known. addBatch decides on these alone, so
    // the scanner's reader threads can drop the rest early. Thread-safe like contentFilter().
    BoundedKeyReader::KeepFilter candidateFilter() const;

private:
    Status probeChannels(const std::vector<std::string>& channels);
    Status readRelatedKeys(bool sawEveryKey);
    Status readPendingTtls();
    // Which recognisers (by place) may want `key`: asked once per key, then kept in the index.
    // `strongest`: Yes if one said Yes, else IfSubscribed if one said so, else No.
    CandidateKeyIndex::Recognizers candidacyOf(const RawKey& key, Candidacy* strongest = nullptr) const;
    // The channels of `key` that the recognisers of its candidacy name.
    void addChannelsOf(const RawKey& key, CandidateKeyIndex::Recognizers candidacy,
        std::vector<std::string>& channels) const;

    RedisConnection& m_connection;
    ClassifierOptions m_options;
    RecognitionPass m_recognition;
    const std::vector<const LockRecognizer*>& m_recognizers = m_recognition.recognizers();
    CandidateKeyIndex m_index;
    std::vector<std::string> m_ttlPending; // kept keys whose TTL is still to be read
    RecognitionContext m_context;
};

} // namespace lockscope
