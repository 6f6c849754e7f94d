#pragma once

#include "inspect/scan/NameShapeTypes.h"
#include "inspect/scan/RawKey.h"
#include "redis/RedisConnection.h"

#include <functional>
#include <string>
#include <vector>

namespace lockscope {

// One step of reading a key: the command(s) it sends (see BoundedKeyReader).
enum class KeyReadStep
{
    Type,
    Prefix, // GETRANGE
    HashPage, // HSCAN 0
    ListHead, // LLEN + LRANGE
    ZSetHead, // ZCARD + ZRANGE
    SetHead, // SCARD + SRANDMEMBER of up to maxListItems distinct members
    StringLength, // STRLEN
};

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

// Reads named keys in pipelined rounds, never asking for a value whole. Each key's first
// command reads the type its name suggests (NameShapeTypes: `cache:#` keys were strings):
// GETRANGE 0..maxStringBytes-1 for a string, HSCAN 0 COUNT cap for a hash (one bounded page,
// all of a small hash). A right guess reads the key in that one command; a wrong one answers
// WRONGTYPE and the key gets a TYPE, then the read for its type. Names of no known shape get
// GETRANGE while most keys so far were strings, TYPE otherwise. Per type: LLEN + LRANGE of the
// head, ZCARD + ZRANGE of the head, SCARD; STRLEN of strings cut at the cap; more HSCAN pages of
// the rare big hash up to the cap, and HLEN. Keys the content filter does not want (a list that
// no lock format uses) stop at their type. Last, PTTL of the keys the keep filter accepts.
// Every read is bounded by the limits, so a million-field hash or a 100 MB string costs a few
// small replies. Keys that are gone, or whose type changed between the rounds (WRONGTYPE after
// TYPE), are left out: a moving key yields no row rather than a wrong one.
class BoundedKeyReader
{
public:
    BoundedKeyReader(RedisConnection& connection, ReadLimits limits = {});
    // Which keys are worth reading beyond their type (nullptr: all).
    using ContentFilter = std::function<bool(const std::string& name, RawKey::Type type)>;
    // Which keys, once read, are worth keeping (nullptr: all). Dropped keys cost no PTTL. It may
    // leave a note on the key it keeps (RawKey::keepNote).
    using KeepFilter = std::function<bool(RawKey& key)>;

    // Reads the keys' contents and, when `withTtl`, the TTLs of those `keep` accepts.
    Result<std::vector<RawKey>> read(const std::vector<std::string>& names, bool withTtl = true,
        const ContentFilter& wantContents = nullptr, const KeepFilter& keep = nullptr);
    // As read(names) with TTLs, but each key's PTTL goes in the round of its first command: a
    // round trip less for keys that exist (a watcher's known keys), a PTTL wasted on each that
    // does not.
    Result<std::vector<RawKey>> readWithTtlsAlongside(const std::vector<std::string>& names);
    // Fills in pttl; keys found gone meanwhile are removed from `keys`.
    Status readTtls(std::vector<RawKey>& keys);
    // The PTTL of each name, in order: -1 for no TTL, -2 for a key gone meanwhile.
    Result<std::vector<long long>> readTtls(const std::vector<std::string>& names);

private:
    using Step = KeyReadStep;
    struct Job
    {
        size_t key; // index into the names being read
        Step step;
        bool guessed; // the type was guessed: WRONGTYPE asks for the TYPE instead of dropping
    };
    struct Pass; // the keys of one read() call and what is known of them
    enum class TtlReading
    {
        None,
        AfterReads, // one PTTL round for the keys kept
        WithFirstRead, // PTTL beside each key's first command
    };

    Result<std::vector<RawKey>> read(const std::vector<std::string>& names, TtlReading ttls,
        const ContentFilter& wantContents, const KeepFilter& keep);
    Result<std::vector<RedisReply>> run(const std::vector<RedisCommand>& commands);
    Job firstJob(size_t key, const std::string& name) const;
    // Writes the job's one or two commands into `slots`.
    void writeCommands(const Job& job, const std::string& name, RedisCommand* slots) const;
    // Applies a job's replies to its key; queues the key's next job, if any, in `next`.
    Status handle(const Job& job, const RedisReply* replies, Pass& pass, std::vector<Job>& next);
    Status continueLargeHash(RawKey& key, const std::string& name, std::string cursor, bool& valid);

    RedisConnection& m_connection;
    ReadLimits m_limits;
    std::string m_lastByte; // GETRANGE's end, maxStringBytes - 1
    std::string m_hashCount; // HSCAN's COUNT, maxHashFields
    NameShapeTypes m_shapes;
    std::vector<RedisCommand> m_commands; // one round's commands, reused by the next
    // The mix seen by earlier read() calls: where most keys were strings, a name of no known
    // shape is read with GETRANGE first, otherwise with TYPE first.
    long long m_keysSeen = 0;
    long long m_stringsSeen = 0;
};

} // namespace lockscope
