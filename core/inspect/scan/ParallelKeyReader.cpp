#include "inspect/scan/ParallelKeyReader.h"

namespace lockscope {

ParallelKeyReader::ParallelKeyReader(const std::vector<RedisConnection*>& connections, ReadLimits limits,
    bool withTtl, BoundedKeyReader::ContentFilter wantContents, BoundedKeyReader::KeepFilter keep)
    : m_limits(limits)
    , m_withTtl(withTtl)
    , m_wantContents(std::move(wantContents))
    , m_keep(std::move(keep))
{
    for (RedisConnection* connection : connections)
        m_threads.emplace_back([this, connection] { work(connection); });
}

ParallelKeyReader::~ParallelKeyReader()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
        m_jobs.clear();
    }
    m_jobReady.notify_all();
    for (auto& thread : m_threads)
        thread.join();
}

void ParallelKeyReader::submit(std::vector<std::string> names)
{
    {
        std::lock_guard lock(m_mutex);
        m_namesPending += names.size();
        m_jobs.push_back(std::move(names));
        ++m_pending;
    }
    m_jobReady.notify_one();
}

size_t ParallelKeyReader::pending() const
{
    std::lock_guard lock(m_mutex);
    return m_pending;
}

size_t ParallelKeyReader::namesPending() const
{
    std::lock_guard lock(m_mutex);
    return m_namesPending;
}

Result<std::vector<RawKey>> ParallelKeyReader::takeNext()
{
    std::unique_lock lock(m_mutex);
    m_resultReady.wait(lock, [this] { return !m_results.empty() || m_pending == 0; });
    if (m_results.empty())
        return makeError(ErrorKind::Internal, "no batch is pending");
    auto [names, result] = std::move(m_results.front());
    m_results.pop_front();
    --m_pending;
    m_namesPending -= names;
    return std::move(result);
}

void ParallelKeyReader::work(RedisConnection* connection)
{
    BoundedKeyReader reader(*connection, m_limits);
    for (;;) {
        std::vector<std::string> names;
        {
            std::unique_lock lock(m_mutex);
            m_jobReady.wait(lock, [this] { return m_stopping || !m_jobs.empty(); });
            if (m_stopping)
                return;
            names = std::move(m_jobs.front());
            m_jobs.pop_front();
        }
        auto batch = reader.read(names, m_withTtl, m_wantContents, m_keep);
        {
            std::lock_guard lock(m_mutex);
            m_results.emplace_back(names.size(), std::move(batch));
        }
        m_resultReady.notify_one();
    }
}

} // namespace lockscope
