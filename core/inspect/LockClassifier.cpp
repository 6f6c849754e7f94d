#include "inspect/LockClassifier.h"

#include "inspect/BlockedPopCensus.h"
#include "inspect/LockNaming.h"
#include "inspect/ServerClock.h"
#include "inspect/recognizers/RecognizerCatalog.h"
#include "inspect/recognizers/redisson/RedissonSemaphoreRecognizer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <set>

namespace lockscope {

namespace {

// Kept keys whose TTLs are read in one pipelined round.
constexpr size_t ttlRoundSize = 2000;

} // namespace

LockClassifier::LockClassifier(RedisConnection& connection, std::string node, ClassifierOptions options)
    : m_connection(connection)
    , m_options(std::move(options))
{
    m_context.node = std::move(node);
    m_context.keys = &m_index;
    m_context.sharedHolders = m_options.sharedHolders;
    for (const auto& pattern : m_options.userPatterns)
        m_context.userPatterns.emplace_back(pattern);
}

LockClassifier::~LockClassifier() = default;

Status LockClassifier::begin()
{
    ServerClock fresh(std::chrono::milliseconds(0));
    auto now = (m_options.serverClock ? *m_options.serverClock : fresh).nowMs(m_connection);
    if (!now)
        return now.error();
    m_context.nowMs = *now;
    if (m_options.blockedPops) {
        m_context.blpopClients = m_options.blockedPops->count(m_connection);
        m_context.lockNamedSubscribers = m_options.blockedPops->lockNamedSubscribers(m_connection);
    } else {
        BlockedPopCensus fresh(std::chrono::milliseconds(0));
        m_context.blpopClients = fresh.count(m_connection);
        m_context.lockNamedSubscribers = fresh.lockNamedSubscribers(m_connection);
    }
    return Done {};
}

CandidateKeyIndex::Recognizers LockClassifier::candidacyOf(const RawKey& key, Candidacy* strongest) const
{
    CandidateKeyIndex::Recognizers candidacy = 0;
    Candidacy best = Candidacy::No;
    for (size_t place = 0; place < m_recognizers.size(); ++place) {
        const Candidacy said = m_recognizers[place]->isCandidate(key, m_context);
        if (said == Candidacy::No)
            continue;
        if (place < 64) // places past 63 count as candidates anyway
            candidacy |= CandidateKeyIndex::Recognizers(1) << place;
        if (best != Candidacy::Yes)
            best = said;
    }
    if (strongest)
        *strongest = best;
    return candidacy;
}

void LockClassifier::addChannelsOf(
    const RawKey& key, CandidateKeyIndex::Recognizers candidacy, std::vector<std::string>& channels) const
{
    for (size_t place = 0; place < m_recognizers.size(); ++place) {
        if (CandidateKeyIndex::includes(candidacy, place))
            m_recognizers[place]->channels(key, channels);
    }
}

Status LockClassifier::addBatch(std::vector<RawKey>&& batch, Ttls ttls)
{
    // Each key with its candidacy, asked here once for the whole classification: isCandidate
    // decides without the TTL (the listing reads TTLs for the candidates only, later).
    std::vector<std::pair<RawKey, CandidateKeyIndex::Recognizers>> kept;
    std::vector<std::pair<RawKey, CandidateKeyIndex::Recognizers>> pending; // kept if subscribed to
    std::vector<std::string> pendingChannels;
    for (auto& key : batch) {
        Candidacy strongest = Candidacy::No;
        CandidateKeyIndex::Recognizers candidacy = 0;
        if (key.keepNote) { // a reader thread asked already (candidateFilter)
            candidacy = key.keepNote->which;
            strongest = static_cast<Candidacy>(key.keepNote->strength);
        } else {
            candidacy = candidacyOf(key, &strongest);
        }
        if (strongest == Candidacy::Yes || LockNaming::isAuxiliaryKey(key.name)) {
            kept.emplace_back(std::move(key), candidacy);
        } else if (strongest == Candidacy::IfSubscribed) {
            addChannelsOf(key, candidacy, pendingChannels);
            pending.emplace_back(std::move(key), candidacy);
        }
    }
    if (!pending.empty()) {
        auto probed = probeChannels(pendingChannels);
        if (!probed)
            return probed;
        std::vector<std::string> channels;
        for (auto& [key, candidacy] : pending) {
            channels.clear();
            addChannelsOf(key, candidacy, channels);
            if (std::ranges::any_of(channels,
                    [this](const std::string& channel) { return m_context.subscribers(channel) > 0; }))
                kept.emplace_back(std::move(key), candidacy);
        }
    }
    for (auto& [key, candidacy] : kept) {
        if (ttls == Ttls::NotRead)
            m_ttlPending.push_back(key.name);
        m_index.add(std::move(key), candidacy);
    }
    // TTLs are read a few thousand at a time: during a scan this thread mostly waits for the
    // readers, so one pipelined round now and then costs nothing, and finish() has less left.
    if (m_ttlPending.size() >= ttlRoundSize)
        return readPendingTtls();
    return Done {};
}

Status LockClassifier::readPendingTtls()
{
    BoundedKeyReader reader(m_connection, m_options.limits);
    auto pttls = reader.readTtls(m_ttlPending);
    if (!pttls)
        return pttls.error();
    for (size_t i = 0; i < m_ttlPending.size(); ++i) {
        if ((*pttls)[i] == -2)
            m_index.remove(m_ttlPending[i]); // expired since it was read
        else
            m_index.setTtl(m_ttlPending[i], (*pttls)[i]);
    }
    m_ttlPending.clear();
    return Done {};
}

BoundedKeyReader::ContentFilter LockClassifier::contentFilter() const
{
    const RecognitionContext* context = &m_context;
    return [context](const std::string& name, RawKey::Type type) {
        if (type == RawKey::Type::String || type == RawKey::Type::Hash)
            return true;
        if (context->userPatternFor(name))
            return true;
        if (LockNaming::isAuxiliaryKey(name))
            return true; // fair queue / timeout zset / waiter registry
        return RecognizerCatalog::someFormatReads(name, type);
    };
}

BoundedKeyReader::KeepFilter LockClassifier::candidateFilter() const
{
    // isCandidate reads only what begin() set (clock, user patterns), never the index or the
    // subscriber counts, so calling it from the reader threads during the scan is safe. The
    // answer goes with the key, for addBatch.
    return [this](RawKey& key) {
        Candidacy strongest = Candidacy::No;
        const CandidateKeyIndex::Recognizers candidacy = candidacyOf(key, &strongest);
        if (strongest == Candidacy::No && !LockNaming::isAuxiliaryKey(key.name))
            return false;
        key.keepNote = RawKey::KeepNote {candidacy, static_cast<std::uint8_t>(strongest)};
        return true;
    };
}

Status LockClassifier::addNamed(const std::vector<std::string>& names, bool likelyPresent)
{
    BoundedKeyReader reader(m_connection, m_options.limits);
    auto keys = likelyPresent ? reader.readWithTtlsAlongside(names) : reader.read(names);
    if (!keys)
        return keys.error();
    std::set<std::string> found;
    for (const auto& key : *keys)
        found.insert(key.name);
    for (const auto& name : names) {
        if (!found.count(name))
            m_index.markAbsent(name);
    }
    return addBatch(std::move(*keys));
}

Status LockClassifier::addKnown(const std::vector<std::string>& names, std::uint16_t format)
{
    BoundedKeyReader reader(m_connection, m_options.limits);
    auto keys = reader.readWithTtlsAlongside(names);
    if (!keys)
        return keys.error();
    const auto earlier = m_recognizers.begin() + std::min<size_t>(format, m_recognizers.size());
    for (auto& key : *keys) {
        const bool claimedEarlier
            = std::any_of(m_recognizers.begin(), earlier, [&](const LockRecognizer* recognizer) {
                  return recognizer->isCandidate(key, m_context) != Candidacy::No;
              });
        if (!claimedEarlier)
            m_index.add(std::move(key));
    }
    return Done {};
}

Result<std::vector<LockSnapshot>> LockClassifier::finishAs(std::uint16_t format)
{
    if (format >= m_recognizers.size())
        return makeError(ErrorKind::Internal, "no such lock format");
    std::vector<std::string> channels;
    for (const RawKey* key : m_index.unclaimedKeys())
        m_recognizers[format]->channels(*key, channels);
    auto probed = probeChannels(channels);
    if (!probed)
        return probed.error();
    return m_recognition.recognizeAs(m_context, format);
}

Status LockClassifier::probeChannels(const std::vector<std::string>& channels)
{
    std::vector<std::string> unknown;
    std::set<std::string> seen;
    for (const auto& channel : channels) {
        if (!m_context.channelSubscribers.count(channel) && seen.insert(channel).second)
            unknown.push_back(channel);
    }
    const size_t chunk = std::max<size_t>(1, m_options.channelsPerNumsub);
    std::vector<RedisCommand> commands;
    for (size_t start = 0; start < unknown.size(); start += chunk) {
        RedisCommand numsub {"PUBSUB", "NUMSUB"};
        for (size_t i = start; i < std::min(unknown.size(), start + chunk); ++i)
            numsub.push_back(unknown[i]);
        commands.push_back(std::move(numsub));
    }
    if (commands.empty())
        return Done {};
    auto replies = m_connection.pipeline(commands);
    if (!replies)
        return replies.error();
    for (const auto& reply : *replies) {
        if (!reply.isArray())
            continue; // refused by an ACL: subscribers stay unknown (0)
        for (size_t i = 0; i + 1 < reply.size(); i += 2) {
            auto count = reply.at(i + 1).toInteger();
            // Only channels with subscribers are remembered: a million counters probed for
            // Redisson semaphore waiters must not leave a million entries behind.
            if (reply.at(i).isString() && count && *count > 0)
                m_context.channelSubscribers[reply.at(i).text()] = *count;
        }
    }
    return Done {};
}

Status LockClassifier::readRelatedKeys(bool sawEveryKey)
{
    std::set<std::string> wanted; // (so the walk's order does not matter)
    std::vector<std::string> related;
    const bool anyAuxiliary = m_index.hasAuxiliaryKeys();
    m_index.forEachUnclaimed([&](const RawKey& key, CandidateKeyIndex::Recognizers candidacy) {
        const std::string& name = key.name;
        related.clear();
        for (size_t place = 0; place < m_recognizers.size(); ++place) {
            if (CandidateKeyIndex::includes(candidacy, place)
                && !(sawEveryKey && m_recognizers[place]->relatedKeysAreAuxiliary()))
                m_recognizers[place]->relatedKeys(key, related);
        }
        if (!anyAuxiliary || !LockNaming::isAuxiliaryKey(name)) {
            // Attached keys are auxiliary ones: after a full scan, absent unless in the index.
            if (!sawEveryKey) {
                for (auto& attached : LockNaming::attachedKeysOf(name))
                    related.push_back(std::move(attached));
            }
        } else {
            // A fence counter or waiter registry points at its lock, whose key may have been
            // dropped as ordinary-looking (a LockScope token under a plain name): read it again.
            if (auto lockName = LockNaming::lockOfAttachedKey(name))
                related.push_back(*lockName);
        }
        for (auto& relatedName : related) {
            // After a full scan, a related key that the scan always keeps in the form its lock
            // uses is absent if it is not in the index: auxiliary keys (addBatch keeps them
            // all) and Redisson semaphore `{name}:timeout` zsets (every integer string asks).
            if (sawEveryKey
                && (LockNaming::isAuxiliaryKey(relatedName)
                    || RedissonSemaphoreRecognizer::nameOfTimeoutKey(relatedName)))
                continue;
            if (!m_index.contains(relatedName) && !m_index.isKnownAbsent(relatedName))
                wanted.insert(std::move(relatedName));
        }
    });
    if (wanted.empty())
        return Done {};
    BoundedKeyReader reader(m_connection, m_options.limits);
    auto keys = reader.read(std::vector<std::string>(wanted.begin(), wanted.end()));
    if (!keys)
        return keys.error();
    for (const auto& name : wanted)
        m_index.markAbsent(name);
    // Related keys are added whatever their candidacy: the lock that asked for them decides.
    for (auto& key : *keys)
        m_index.add(std::move(key));
    return Done {};
}

Result<std::vector<LockSnapshot>> LockClassifier::finish(bool sawEveryKey, bool namedEveryKey)
{
    auto ttls = readPendingTtls();
    if (!ttls)
        return ttls.error();
    if (!namedEveryKey) {
        auto related = readRelatedKeys(sawEveryKey);
        if (!related)
            return related.error();
        // The related keys just read: added whatever their candidacy, which is asked now.
        m_index.setCandidacies([this](const RawKey& key) { return candidacyOf(key); });
    }
    std::vector<std::string> channels;
    m_index.forEachUnclaimed([&](const RawKey& key, CandidateKeyIndex::Recognizers candidacy) {
        addChannelsOf(key, candidacy, channels);
    });
    auto probed = probeChannels(channels);
    if (!probed)
        return probed.error();
    return m_recognition.recognize(m_context);
}

} // namespace lockscope
