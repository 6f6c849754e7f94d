#include "lockhistory/HistoryReader.h"

#include "base/CoreTexts.h"
#include "history/HistoryLocation.h"

#include <QFileInfo>

#include <algorithm>

namespace lockscope::ui {

namespace {

// The timeline's bars and the league tables: enough for a screen, never the whole file.
constexpr int holdLimit = 5000;
constexpr int leagueLimit = 5;

} // namespace

HistoryReadout HistoryReader::read(const HistoryRequest& request)
{
    HistoryReadout readout;
    readout.request = request;
    const bool shared = HistoryLocation::isPostgres(request.path.toStdString());
    if (!shared && !QFileInfo::exists(request.path)) {
        readout.error = tr("Nothing recorded yet.");
        return readout;
    }
    auto query = HistoryQuery::open(request.path.toStdString());
    if (!query) {
        readout.error = CoreTexts::error(query.error());
        return readout;
    }
    auto holds = query->allHolds(request.window, holdLimit);
    auto gaps = query->gaps(request.window);
    auto alerts = query->alerts(request.window);
    auto marks = query->marks(request.window);
    auto polling = query->pollingSpans(request.window);
    auto audit = query->audit(request.window);
    auto contended = query->top(HistoryQuery::League::Contended, request.window, leagueLimit);
    auto held = query->top(HistoryQuery::League::Held, request.window, leagueLimit);
    auto expired = query->top(HistoryQuery::League::Expired, request.window, leagueLimit);
    for (const RedisError* error :
        {holds ? nullptr : &holds.error(), gaps ? nullptr : &gaps.error(), alerts ? nullptr : &alerts.error(),
            marks ? nullptr : &marks.error(), polling ? nullptr : &polling.error(),
            audit ? nullptr : &audit.error(), contended ? nullptr : &contended.error(),
            held ? nullptr : &held.error(), expired ? nullptr : &expired.error()}) {
        if (error) {
            readout.error = CoreTexts::error(*error);
            return readout;
        }
    }
    readout.holds = std::move(*holds);
    readout.gaps = std::move(*gaps);
    readout.alerts = std::move(*alerts);
    readout.marks = std::move(*marks);
    readout.polling = std::move(*polling);
    readout.audit = std::move(*audit);
    readout.mostContended = std::move(*contended);
    readout.longestHeld = std::move(*held);
    readout.mostExpired = std::move(*expired);
    if (!request.findName.empty()) {
        auto found = query->locksNamed(request.findName);
        if (!found) {
            readout.error = CoreTexts::error(found.error());
            return readout;
        }
        readout.found = std::move(*found);
        const bool oneKey = !readout.found.empty()
            && std::all_of(readout.found.begin(), readout.found.end(),
                [&](const RecordedLock& lock) { return lock.lock == readout.found.front().lock; });
        if (oneKey)
            readout.request.selectedLock = readout.found.front().lock;
    }
    if (!readout.request.selectedLock.empty()) {
        auto statistics = query->statistics(readout.request.selectedLock, request.window, request.nowMs);
        if (!statistics) {
            readout.error = CoreTexts::error(statistics.error());
            return readout;
        }
        readout.selected = std::move(*statistics);
    }
    return readout;
}

void HistoryReader::readRequested(const HistoryRequest& request)
{
    Q_EMIT readoutReady(read(request));
}

} // namespace lockscope::ui
