#pragma once

#include "inspect/RawKey.h"
#include "redis/RedisConnection.h"

#include <functional>
#include <string>
#include <vector>

namespace lockscope {

// How much of one value the inspector reads. Lock keys are tiny; anything larger is ordinary
// data, and reading it whole would cost memory and time for nothing.
struct ReadLimits
{
    size_t maxStringBytes = 4096; // longer strings: a GETRANGE prefix
    long long maxHashFields = 1000; // larger hashes: HSCAN pages up to this many fields
    long long maxListItems = 1000; // LRANGE of the head
    long long maxZSetMembers = 1000; // ZRANGE of the lowest scores
    size_t commandsPerPipeline = 4000; // one round trip carries at most this many commands
};

// Reads named keys in pipelined rounds, never asking for a value whole:
//   1. GETRANGE 0..maxStringBytes-1: a string is read with this one command; other types
//      answer WRONGTYPE;
//   2. TYPE of the non-strings; keys the filter does not want (a list that no lock format uses)
//      stop here;
//   (once the keys read so far are mostly not strings, rounds 1 and 2 swap: TYPE of every key,
//   then GETRANGE of the strings, whichever costs the server fewer commands);
//   3. per type: HSCAN 0 COUNT cap (one bounded page, all of a small hash), LLEN + LRANGE of
//      the head, ZCARD + ZRANGE of the head, SCARD; STRLEN of strings cut at the cap; then the
//      rare big hashes: more HSCAN pages up to the cap, and HLEN;
//   4. PTTL (readTtls), which the classifier only asks for the keys it keeps.
// Every read is bounded by the limits, so a million-field hash or a 100 MB string costs a few
// small replies. Keys that are gone, or whose type changed between the rounds (WRONGTYPE), are
// left out: a moving key yields no row rather than a wrong one.
class KeyReader
{
public:
    KeyReader(RedisConnection& connection, ReadLimits limits = {});
    // Which keys are worth reading beyond their type (nullptr: all).
    using ContentFilter = std::function<bool(const std::string& name, RawKey::Type type)>;

    // Reads the keys' contents and, when `withTtl`, their TTLs.
    Result<std::vector<RawKey>> read(const std::vector<std::string>& names, bool withTtl = true,
        const ContentFilter& wantContents = nullptr);
    // Fills in pttl; keys found gone meanwhile are removed from `keys`.
    Status readTtls(std::vector<RawKey>& keys);

private:
    Result<std::vector<RedisReply>> run(const std::vector<RedisCommand>& commands);
    Status readCollections(std::vector<RawKey>& keys, std::vector<bool>& valid);
    Status continueLargeHash(RawKey& key, std::string cursor, bool& valid);
    RawKey stringKey(const std::string& name, const RedisReply& prefix) const;

    RedisConnection& m_connection;
    ReadLimits m_limits;
    // The mix seen by earlier read() calls, which picks the order of the first two rounds.
    long long m_keysSeen = 0;
    long long m_stringsSeen = 0;
};

} // namespace lockscope
