#pragma once

#include "inspect/RawKey.h"
#include "redis/RedisConnection.h"

#include <string>
#include <vector>

namespace lockscope {

// How much of one value the inspector reads. Lock keys are tiny; anything larger is ordinary
// data, and reading it whole would cost memory and time for nothing.
struct ReadLimits
{
    size_t maxStringBytes = 4096; // longer strings: GETRANGE of this prefix
    long long maxHashFields = 1000; // larger hashes: HSCAN up to this many fields
    long long maxListItems = 1000; // LRANGE of the head
    long long maxZSetMembers = 1000; // ZRANGE of the lowest scores
    size_t commandsPerPipeline = 2000; // one round trip carries at most this many commands
};

// Reads named keys in pipelined rounds: TYPE + PTTL, then the size and a bounded read per type,
// then hashes (HGETALL when small, HSCAN up to the cap otherwise). Keys that are gone, or whose
// type changed between the rounds, are left out: a moving key yields no row rather than a
// wrong one.
class KeyReader
{
public:
    KeyReader(RedisConnection& connection, ReadLimits limits = {});
    Result<std::vector<RawKey>> read(const std::vector<std::string>& names);

private:
    Result<std::vector<RedisReply>> run(const std::vector<RedisCommand>& commands);
    Status readSizesAndValues(std::vector<RawKey>& keys, std::vector<bool>& valid);
    Status readHashes(std::vector<RawKey>& keys, std::vector<bool>& valid);
    Status scanLargeHash(RawKey& key, bool& valid);

    RedisConnection& m_connection;
    ReadLimits m_limits;
};

} // namespace lockscope
