// The SQLite lock history's figures (docs/benchmarks.md): ingest rate through the recorder's real
// path, the database size per million events, and the time for one lock's holds over a day among
// 10 million events. A measurement, not a test: `cmake --build <dir> --target bench_history`.
// Bounded to a couple of minutes; the 10-million-event database is generated with SQL in one
// transaction (only the ingest goes through HistoryRecorder). bench_TeamHistory measures the same
// beside PostgreSQL.

#include "core/history/HistoryBench.h"

#include <unistd.h>

#include <filesystem>

using namespace lockscope;
using namespace lockscope::bench;

namespace {

constexpr long long ingestEvents = 300000;
constexpr long long bigEvents = 10000000;

double megabytes(const std::filesystem::path& file)
{
    double bytes = 0;
    for (const char* suffix : {"", "-wal"}) {
        std::error_code error;
        const auto size = std::filesystem::file_size(file.string() + suffix, error);
        if (!error)
            bytes += static_cast<double>(size);
    }
    return bytes / 1e6;
}

} // namespace

int main()
{
    const auto directory
        = std::filesystem::temp_directory_path() / ("lockscope-bench-history-" + std::to_string(getpid()));
    std::filesystem::create_directories(directory);
    int status = 0;

    // 1. Ingest, default options (batches of 1000, WAL): each hold appears, is re-entered, ends.
    const auto ingestFile = directory / "ingest.sqlite";
    const auto figures = ingest(ingestFile.string(), benchEvents(ingestEvents, 3));
    const double rate = figures.eventsPerSecond;
    if (rate == 0)
        return 1;
    std::printf(
        "ingest: %lld events (appear, re-enter, release) = %.0f events/s (target >= 20000); %.0f events"
        " per CPU second\n",
        ingestEvents, rate, static_cast<double>(ingestEvents) / figures.cpuSeconds);
    std::printf("size (recorder's own rows: events and derived holds): %.1f MB per million events\n",
        megabytes(ingestFile) / (static_cast<double>(ingestEvents) / 1e6));
    status |= rate >= 20000 ? 0 : 2;

    // 2. 10 million events over 30 days on 1000 locks (5 million holds), then the one-day query.
    const auto file = directory / "big.sqlite";
    const auto generating = Clock::now();
    if (!generateSqliteHistory(file.string(), bigEvents))
        return 1;
    std::printf("generated %lld events and %lld holds on %d locks over %lld days in %.1f s: %.0f MB, "
                "%.1f MB per million events\n",
        bigEvents, bigEvents / 2, lockCount, spanDays, secondsSince(generating), megabytes(file),
        megabytes(file) / (static_cast<double>(bigEvents) / 1e6));
    const auto times = timeOneDayQueries(file.string());
    if (!times)
        return 1;
    printQueryTimes("SQLite", bigEvents, *times);
    status |= times->medianMs < 50 ? 0 : 4;
    std::filesystem::remove_all(directory);
    return status;
}
