#pragma once

#include "redis/RedisConnection.h"

#include <optional>
#include <string>
#include <vector>

namespace lockscope {

// Walks one SCAN cursor, always one page ahead: as soon as a page is taken, the SCAN for the
// next one is sent, so the server walks the keyspace while the caller hands out and collects
// batches. The page in flight occupies the connection: collect() it before using the connection
// for anything else (the destructor does, so an early return leaves the connection in step).
class ScanPager
{
public:
    ScanPager(RedisConnection& connection, int count, std::optional<std::string> match);
    ~ScanPager();
    ScanPager(const ScanPager&) = delete;
    ScanPager& operator=(const ScanPager&) = delete;

    // The next page's key names; nullopt once the cursor is back at 0.
    Result<std::optional<std::vector<std::string>>> next();
    // Receives the page in flight, if any, and keeps it for next().
    Status collect();

private:
    Status request();

    RedisConnection& m_connection;
    RedisCommand m_scan; // SCAN <cursor> COUNT n [MATCH p]; m_scan[1] is the cursor
    bool m_started = false;
    bool m_inFlight = false;
    std::optional<std::vector<std::string>> m_page;
};

} // namespace lockscope
