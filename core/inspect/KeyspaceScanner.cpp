#include "inspect/KeyspaceScanner.h"

#include "inspect/GlobPattern.h"
#include "inspect/ParallelKeyReader.h"
#include "locks/DistributedLock.h"

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

    KeyReader reader(m_connection, options.limits);
    std::optional<ParallelKeyReader> parallel;
    if (!options.readers.empty())
        parallel.emplace(options.readers, options.limits, options.readTtl, options.wantContents);
    auto deliver = [&](Result<std::vector<RawKey>>&& batch) -> Status {
        if (!batch)
            return batch.error();
        summary.keysRead += batch->size();
        return onBatch(std::move(*batch));
    };
    std::string cursor = "0";
    do {
        if (options.cancel && options.cancel->isCancelled()) {
            summary.cancelled = true;
            break;
        }
        RedisCommand scan {"SCAN", cursor, "COUNT", std::to_string(std::max(1, options.count))};
        if (options.patterns.size() == 1) {
            scan.push_back("MATCH");
            scan.push_back(options.patterns.front());
        }
        auto page = m_connection.command(scan);
        if (!page)
            return page.error();
        if (!page->isArray() || page->size() != 2 || !page->at(0).isString() || !page->at(1).isArray())
            return makeError(ErrorKind::Protocol, "SCAN replied with something other than [cursor, keys]");
        cursor = page->at(0).text();
        std::vector<std::string> names;
        for (const auto& element : page->at(1).elements()) {
            if (!element.isString())
                continue;
            ++summary.keysSeen;
            if (wanted(element.text()))
                names.push_back(element.text());
        }
        if (!names.empty() && parallel) {
            parallel->submit(std::move(names));
            // Keep every reader busy with one batch and one queued, no more (bounded memory).
            while (parallel->pending() >= 2 * parallel->workers()) {
                auto handled = deliver(parallel->takeNext());
                if (!handled)
                    return handled.error();
            }
        } else if (!names.empty()) {
            auto handled = deliver(reader.read(names, options.readTtl, options.wantContents));
            if (!handled)
                return handled.error();
        }
        if (options.progress) {
            progress.keysSeen = summary.keysSeen;
            progress.keysRead = summary.keysRead;
            options.progress(progress);
        }
    } while (cursor != "0");
    while (parallel && parallel->pending() > 0 && !summary.cancelled) {
        auto handled = deliver(parallel->takeNext());
        if (!handled)
            return handled.error();
    }
    if (options.progress) {
        progress.finished = !summary.cancelled;
        options.progress(progress);
    }
    return summary;
}

} // namespace lockscope
