#include "inspect/scan/KeyspaceScanner.h"

#include "common/CancellationToken.h"
#include "inspect/scan/GlobPattern.h"
#include "inspect/scan/ParallelKeyReader.h"
#include "inspect/scan/ScanPager.h"

#include <optional>

namespace lockscope {

KeyspaceScanner::KeyspaceScanner(RedisConnection& connection, std::string nodeLabel)
    : m_connection(connection)
    , m_node(std::move(nodeLabel))
{
}

Result<ScanSummary> KeyspaceScanner::scan(const ScanOptions& options, const BatchHandler& onBatch)
{
    ScanSummary summary;
    ScanProgress progress;
    progress.node = m_node;
    if (auto size = m_connection.command({"DBSIZE"}); size && size->isInteger())
        progress.totalKeys = size->integer();

    std::vector<GlobPattern> filters;
    if (options.patterns.size() > 1) {
        for (const auto& pattern : options.patterns)
            filters.emplace_back(pattern);
    }
    auto wanted = [&](const std::string& name) {
        if (filters.empty())
            return true;
        for (const auto& filter : filters) {
            if (filter.matches(name))
                return true;
        }
        return false;
    };

    BoundedKeyReader reader(m_connection, options.limits);
    std::optional<ParallelKeyReader> parallel;
    if (!options.readers.empty())
        parallel.emplace(
            options.readers, options.limits, options.readTtl, options.wantContents, options.keep);
    auto deliver = [&](Result<std::vector<RawKey>>&& batch) -> Status {
        if (!batch)
            return batch.error();
        summary.keysRead += batch->size();
        return onBatch(std::move(*batch));
    };
    // The next SCAN page is on its way while this one is handed out (ScanPager). The reads and
    // onBatch may use the connection, so the page in flight is collected before either does.
    ScanPager pager(m_connection, options.count,
        options.patterns.size() == 1 ? std::optional<std::string>(options.patterns.front()) : std::nullopt);
    for (;;) {
        if (options.cancel && options.cancel->isCancelled()) {
            summary.cancelled = true;
            break;
        }
        auto page = pager.next();
        if (!page)
            return page.error();
        if (!*page)
            break;
        std::vector<std::string> names;
        names.reserve((*page)->size());
        for (auto& name : **page) {
            ++summary.keysSeen;
            if (wanted(name))
                names.push_back(std::move(name));
        }
        if (!names.empty() && parallel) {
            parallel->submit(std::move(names));
            // Keep every reader busy with one batch and one queued, no more (bounded memory).
            while (parallel->pending() >= 2 * parallel->workers()) {
                auto batch = parallel->takeNext();
                auto collected = pager.collect();
                if (!collected)
                    return collected.error();
                auto handled = deliver(std::move(batch));
                if (!handled)
                    return handled.error();
            }
        } else if (!names.empty()) {
            auto collected = pager.collect();
            if (!collected)
                return collected.error();
            auto handled = deliver(reader.read(names, options.readTtl, options.wantContents, options.keep));
            if (!handled)
                return handled.error();
        }
        if (options.progress) {
            progress.keysSeen = summary.keysSeen;
            progress.keysRead = summary.keysRead;
            progress.keysInFlight = parallel ? parallel->namesPending() : 0;
            options.progress(progress);
        }
    }
    if (auto collected = pager.collect(); !collected)
        return collected.error();
    while (parallel && parallel->pending() > 0 && !summary.cancelled) {
        auto handled = deliver(parallel->takeNext());
        if (!handled)
            return handled.error();
    }
    if (options.progress) {
        progress.keysInFlight = parallel ? parallel->namesPending() : 0;
        progress.finished = !summary.cancelled;
        options.progress(progress);
    }
    return summary;
}

} // namespace lockscope
