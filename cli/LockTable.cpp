#include "cli/LockTable.h"

#include "common/DisplayText.h"
#include "inspect/HoldersText.h"

#include <algorithm>
#include <cstdio>
#include <ostream>

namespace lockscope {

namespace {

std::string ttlText(const std::optional<long long>& ttlMs)
{
    if (!ttlMs)
        return "none";
    if (*ttlMs < 10000)
        return std::to_string(*ttlMs) + "ms";
    return std::to_string(*ttlMs / 1000) + "s";
}

// The first holder only: a column of the table.
std::string holdersText(const LockSnapshot& lock)
{
    HoldersText text;
    text.ownerBytes = 40;
    text.shown = 1;
    return text.of(lock.holders);
}

std::string confidenceText(double confidence)
{
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "%.2f", confidence);
    return buffer;
}

} // namespace

void LockTable::print(const std::vector<LockSnapshot>& locks, std::ostream& out,
    const std::vector<std::string>& servers, bool colour)
{
    std::vector<std::string> header {
        "NAME", "KIND", "LIBRARY", "CONF", "NODE", "TTL", "HOLDERS", "WAITERS", "FENCE", "STUCK"};
    const bool withServer = !servers.empty();
    if (withServer)
        header.insert(header.begin(), "SERVER");
    std::vector<std::vector<std::string>> rows;
    for (size_t i = 0; i < locks.size(); ++i) {
        const LockSnapshot& lock = locks[i];
        rows.push_back({DisplayText::escaped(lock.shownName(), 48), std::string(lockKindName(lock.kind)),
            std::string(lockLibraryName(lock.library)) + (lock.possible ? " (possible)" : ""),
            confidenceText(lock.confidence), lock.node, ttlText(lock.ttlMs), holdersText(lock),
            std::to_string(lock.waiterCount), lock.fence ? std::to_string(*lock.fence) : "-",
            lock.stuck ? "yes" : "no"});
        if (withServer)
            rows.back().insert(
                rows.back().begin(), DisplayText::escaped(i < servers.size() ? servers[i] : "", 32));
    }
    std::vector<size_t> widths(header.size());
    for (size_t c = 0; c < header.size(); ++c) {
        // Columns on the terminal, not bytes: a Chinese name is twice as wide as its characters.
        widths[c] = DisplayText::width(header[c]);
        for (const auto& row : rows)
            widths[c] = std::max(widths[c], DisplayText::width(row[c]));
    }
    auto printRow = [&](const std::vector<std::string>& row) {
        std::string line;
        for (size_t c = 0; c < row.size(); ++c) {
            if (c + 1 < row.size())
                line += DisplayText::padded(row[c], widths[c] + 2);
            else if (colour && &row != &header && row[c] == "yes")
                line += "\033[1;31m" + row[c] + "\033[0m"; // a stuck lock, in red (last column: no padding)
            else
                line += row[c];
        }
        out << line << "\n";
    };
    printRow(header);
    for (const auto& row : rows)
        printRow(row);
    const auto possible
        = std::count_if(locks.begin(), locks.end(), [](const LockSnapshot& lock) { return lock.possible; });
    out << locks.size() << (locks.size() == 1 ? " lock" : " locks");
    if (possible > 0)
        out << ", " << possible
            << " of them possible (a random token with a TTL under a name that does not say lock; "
               "--no-possible hides them)";
    out << "\n";
    for (size_t i = 0; i < locks.size(); ++i) {
        const LockSnapshot& lock = locks[i];
        if (lock.stuck)
            out << "stuck: "
                << (withServer && i < servers.size() ? DisplayText::escaped(servers[i], 32) + ": " : "")
                << DisplayText::escaped(lock.shownName(), 48) << ": " << lock.stuckReason.get().english()
                << "\n";
    }
}

} // namespace lockscope
