#pragma once

#include "inspect/scan/BoundedKeyReader.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

namespace lockscope {

// Reads batches of keys on several connections to the same node at once, so that one batch's
// replies are parsed while the server already answers the next: the single-threaded server
// and the client work in parallel instead of taking turns. Batches come back in the order they
// finish. Each connection is used by one worker thread only.
class ParallelKeyReader
{
public:
    ParallelKeyReader(const std::vector<RedisConnection*>& connections, ReadLimits limits, bool withTtl,
        BoundedKeyReader::ContentFilter wantContents = nullptr, BoundedKeyReader::KeepFilter keep = nullptr);
    ~ParallelKeyReader(); // stops the workers after their current batch
    ParallelKeyReader(const ParallelKeyReader&) = delete;
    ParallelKeyReader& operator=(const ParallelKeyReader&) = delete;

    void submit(std::vector<std::string> names);
    // Batches submitted and not yet taken.
    size_t pending() const;
    // Key names of those batches: what the readers hold besides what they return.
    size_t namesPending() const;
    size_t workers() const { return m_threads.size(); }
    // Waits for the next finished batch (call only while pending() > 0).
    Result<std::vector<RawKey>> takeNext();

private:
    void work(RedisConnection* connection);

    ReadLimits m_limits;
    bool m_withTtl;
    BoundedKeyReader::ContentFilter m_wantContents;
    BoundedKeyReader::KeepFilter m_keep;
    mutable std::mutex m_mutex;
    std::condition_variable m_jobReady;
    std::condition_variable m_resultReady;
    std::deque<std::vector<std::string>> m_jobs;
    std::deque<std::pair<size_t, Result<std::vector<RawKey>>>> m_results; // names read, keys kept
    size_t m_pending = 0;
    size_t m_namesPending = 0;
    bool m_stopping = false;
    std::vector<std::thread> m_threads;
};

} // namespace lockscope
