#include "cli/WatchPrinter.h"

#include "cli/FleetNarration.h"
#include "cli/flags/TimeArgument.h"
#include "common/DisplayText.h"
#include "common/JsonWriter.h"
#include "common/WallClock.h"
#include "inspect/HoldersText.h"
#include "inspect/LockSnapshotJson.h"

#include <cerrno>
#include <ostream>

namespace lockscope {

WatchPrinter::WatchPrinter(std::ostream& out, std::ostream& err, bool prefixServer, bool json,
    long long maxEvents, std::function<void()> enough)
    : m_out(out)
    , m_err(err)
    , m_prefixServer(prefixServer)
    , m_json(json)
    , m_maxEvents(maxEvents)
    , m_enough(std::move(enough))
{
}

std::string WatchPrinter::eventLine(const LockEvent& event)
{
    const LockSnapshot& lock = event.lock;
    std::string line = std::string(LockEvent::typeName(event.type)) + " "
        + DisplayText::escaped(lock.shownName(), 80) + " (" + std::string(lockKindName(lock.kind)) + ", "
        + std::string(lockLibraryName(lock.library)) + ") on " + lock.node;
    if (event.type == LockEvent::Type::Appeared || event.type == LockEvent::Type::Changed) {
        HoldersText holders;
        holders.ownerBytes = 60;
        holders.separator = " ";
        holders.nobody = "none";
        line += " holders: " + holders.of(lock.holders);
        line += lock.ttlMs ? " ttl " + std::to_string(*lock.ttlMs) + " ms" : " no ttl";
        if (lock.waiterCount > 0)
            line += " waiters " + std::to_string(lock.waiterCount);
    }
    if (event.missedSinceMs)
        line += " (while the server was out of reach)";
    return line;
}

void WatchPrinter::say(const FleetMember& member, const std::string& line)
{
    m_err << "lockscope-cli: " << (m_prefixServer ? member.name + ": " : std::string()) << line << "\n"
          << std::flush;
}

void WatchPrinter::watching(const FleetMember& member, const std::vector<SharedLockSnapshot>& locks,
    const WatchingMode& mode, bool reconnect)
{
    std::lock_guard guard(m_mutex);
    const bool wasLost = !m_lastProblem[member.name].empty();
    m_watched.insert(member.name);
    m_lastProblem[member.name].clear();
    say(member, FleetNarration::watching(mode, locks.size(), reconnect || wasLost));
}

void WatchPrinter::lockChanged(const FleetMember& member, const LockEvent& event)
{
    std::lock_guard guard(m_mutex);
    if (m_maxEvents > 0 && m_events >= m_maxEvents)
        return;
    if (m_json) {
        JsonWriter json;
        json.beginObject().key("server").string(member.name);
        json.key("event").string(LockEvent::typeName(event.type));
        json.key("at_ms").number(event.atMs);
        if (event.missedSinceMs)
            json.key("missed_since_ms").number(*event.missedSinceMs);
        json.key("lock");
        LockSnapshotJson::write(json, event.lock);
        json.endObject();
        m_out << json.text() << "\n" << std::flush;
    } else {
        // When it happened first, so that a saved watch can be read later (ISO 8601, UTC).
        m_out << TimeArgument::format(event.atMs) << " "
              << (m_prefixServer ? member.name + ": " : std::string()) << eventLine(event) << "\n"
              << std::flush;
    }
    if (!m_out) {
        // Nobody reads any more (| head -1), or the disk is full: stop, and say so by the exit code.
        m_outputErrno = m_outputErrno ? m_outputErrno : (errno ? errno : EIO);
        m_enough();
        return;
    }
    if (m_maxEvents > 0 && ++m_events >= m_maxEvents)
        m_enough();
}

void WatchPrinter::lost(
    const FleetMember& member, const RedisError& error, int attempt, std::chrono::milliseconds retryIn)
{
    std::lock_guard guard(m_mutex);
    std::string& last = m_lastProblem[member.name];
    // Each new reason once, not every attempt: a server down for an hour is one line, not 120.
    if (error.toString() != last)
        say(member,
            (!m_watched.contains(member.name) ? "cannot reach the server: "
                    : attempt == 1            ? "lost the server: "
                                              : "still out of reach: ")
                + error.toString() + "; reconnecting with backoff (next attempt in "
                + std::to_string(retryIn.count()) + " ms)");
    last = error.toString();
}

void WatchPrinter::gap(
    const FleetMember& member, long long fromMs, long long untilMs, const std::string& reason)
{
    std::lock_guard guard(m_mutex);
    say(member, FleetNarration::gap(fromMs, untilMs, reason));
}

void WatchPrinter::gaveUp(const FleetMember& member, const RedisError& error)
{
    std::lock_guard guard(m_mutex);
    m_settingsError = error.kind;
    say(member, FleetNarration::gaveUp(error));
}

int WatchPrinter::outputErrno() const
{
    return m_outputErrno;
}

void WatchPrinter::watchStats(const FleetMember& member, const WatchStats& stats)
{
    std::lock_guard guard(m_mutex);
    auto& [said, atMs] = m_skippedSaid[member.name];
    if (stats.skipped < said)
        said = 0; // a new watch counts from 0
    const long long now = epochMillisNow();
    if (stats.skipped == said || (atMs != 0 && now - atMs < 60000))
        return;
    say(member, FleetNarration::skipped(stats.skipped, stats.lagMs));
    said = stats.skipped;
    atMs = now;
}

ErrorKind WatchPrinter::lastSettingsError() const
{
    return m_settingsError;
}

} // namespace lockscope
