#include "cli/commands/HistoryCommand.h"

#include "cli/CliOptions.h"
#include "cli/CommandLine.h"
#include "cli/ExitCode.h"
#include "cli/HistoryFile.h"
#include "cli/flags/TimeArgument.h"
#include "common/DisplayText.h"
#include "common/JsonWriter.h"
#include "common/WallClock.h"
#include "history/HistoryQuery.h"

#include <cstdio>
#include <ostream>
#include <set>

namespace lockscope {

namespace {

std::string seconds(long long ms)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3f s", static_cast<double>(ms) / 1000.0);
    return buffer;
}

// Every row names its server first, as `list --json` does (none in a history of one unnamed server).
JsonWriter& beginRow(JsonWriter& json, const std::string& server)
{
    json.beginObject();
    if (!server.empty())
        json.key("server").string(server);
    return json;
}

// Where a hold or alert was: its node, and its server when that says more.
std::string whereText(const std::string& server, const std::string& node)
{
    return server.empty() || server == node ? node : DisplayText::escaped(server, 60) + ", " + node;
}

void writeHold(JsonWriter& json, const HoldRecord& hold, long long nowMs)
{
    beginRow(json, hold.server);
    // Lock names and holders are Redis bytes: lock_base64 (...) when they are not UTF-8.
    json.bytesField("lock", hold.lock).bytesField("name", hold.apiName.empty() ? hold.lock : hold.apiName);
    json.key("node").string(hold.node).key("kind").string(hold.kind);
    json.key("library")
        .string(hold.library)
        .bytesField("holder", hold.holder)
        .key("mode")
        .string(holderModeName(hold.mode));
    json.key("started_ms").number(hold.startedMs).key("ended_ms").optionalNumber(hold.endedMs);
    json.key("duration_ms").number(hold.durationMs(nowMs)).key("ending").string(holdEndingName(hold.ending));
    json.key("fence").optionalNumber(hold.fence).key("max_reentries").number(hold.maxReentries);
    json.key("max_waiters").number(hold.maxWaiters);
    json.endObject();
}

// A name that fits recorded locks of several keys: the candidates, for the user to pick by key.
void listCandidates(
    const std::string& name, const std::vector<RecordedLock>& locks, size_t keys, std::ostream& err)
{
    err << "lockscope-cli: " << keys << " recorded locks are named " << DisplayText::escaped(name, 80)
        << "; refusing to guess, ask for one by its key:\n";
    for (const auto& lock : locks) {
        err << "  " << DisplayText::escaped(lock.lock, 120) << " on " << lock.node;
        if (!lock.apiName.empty())
            err << " (" << DisplayText::escaped(lock.apiName, 80) << ")";
        err << "\n";
    }
}

int printHolds(HistoryQuery& query, HistoryArguments arguments, TimeWindow window, long long nowMs,
    std::ostream& out, std::ostream& err)
{
    // NAME is a key or a library's name for one. One key on several servers is one lock's history
    // (each hold names its server); a name nothing recorded has stays the key asked for.
    auto recorded = query.locksNamed(arguments.lock);
    if (!recorded) {
        err << "lockscope-cli: " << recorded.error().message << "\n";
        return ExitUnavailable;
    }
    std::set<std::string> keys;
    for (const auto& lock : *recorded)
        keys.insert(lock.lock);
    if (keys.size() > 1) {
        listCandidates(arguments.lock, *recorded, keys.size(), err);
        return ExitUsage;
    }
    const std::string asked = arguments.lock;
    if (!keys.empty())
        arguments.lock = *keys.begin();
    auto holds = query.holds(arguments.lock, window, arguments.limit);
    auto gaps = query.gaps(window);
    auto alerts = query.alertsOf(arguments.lock, window, arguments.limit);
    auto polling = query.pollingSpans(window);
    for (const RedisError* error : {holds ? nullptr : &holds.error(), gaps ? nullptr : &gaps.error(),
             alerts ? nullptr : &alerts.error(), polling ? nullptr : &polling.error()}) {
        if (error) {
            err << "lockscope-cli: " << error->message << "\n";
            return ExitUnavailable;
        }
    }
    if (arguments.json) {
        JsonWriter json;
        json.beginObject().bytesField("lock", arguments.lock);
        if (asked != arguments.lock)
            json.bytesField("name", asked);
        json.key("since_ms").number(window.fromMs).key("until_ms").number(window.untilMs);
        json.key("holds").beginArray();
        for (const auto& hold : *holds)
            writeHold(json, hold, nowMs);
        json.endArray().key("gaps").beginArray();
        for (const auto& gap : *gaps) {
            beginRow(json, gap.server)
                .key("started_ms")
                .number(gap.startedMs)
                .key("ended_ms")
                .optionalNumber(gap.endedMs);
            json.key("reason").string(gap.reason).endObject();
        }
        json.endArray().key("polling").beginArray();
        for (const auto& span : *polling) {
            json.beginObject()
                .key("started_ms")
                .number(span.startedMs)
                .key("ended_ms")
                .optionalNumber(span.endedMs);
            json.key("interval_ms").number(span.intervalMs).endObject();
        }
        json.endArray().key("alerts").beginArray();
        for (const auto& alert : *alerts) {
            beginRow(json, alert.server).key("at_ms").number(alert.atMs).key("node").string(alert.node);
            json.key("rule").string(alert.rule).key("detail").string(alert.detail).endObject();
        }
        json.endArray().endObject();
        out << json.text() << "\n";
        return ExitOk;
    }
    if (asked != arguments.lock)
        out << DisplayText::escaped(asked, 80) << " is " << DisplayText::escaped(arguments.lock, 120) << "\n";
    if (holds->empty())
        out << "no holds of " << DisplayText::escaped(arguments.lock, 80) << " between "
            << TimeArgument::format(window.fromMs) << " and " << TimeArgument::format(window.untilMs) << "\n";
    for (const auto& hold : *holds) {
        out << TimeArgument::format(hold.startedMs) << "  "
            << (hold.endedMs ? TimeArgument::format(*hold.endedMs) : std::string("(still held)            "))
            << "  " << seconds(hold.durationMs(nowMs)) << "  " << holdEndingName(hold.ending) << "  "
            << DisplayText::escaped(hold.holder, 60);
        if (hold.fence)
            out << "  fence " << *hold.fence;
        if (hold.maxReentries > 1)
            out << "  x" << hold.maxReentries;
        if (hold.maxWaiters > 0)
            out << "  waiters " << hold.maxWaiters;
        out << "  (" << whereText(hold.server, hold.node) << ")\n";
    }
    for (const auto& gap : *gaps)
        out << "not watching from " << TimeArgument::format(gap.startedMs) << " to "
            << (gap.endedMs ? TimeArgument::format(*gap.endedMs) : std::string("now")) << ": "
            << (gap.server.empty() ? std::string() : DisplayText::escaped(gap.server, 60) + ": ")
            << gap.reason << "\n";
    for (const auto& span : *polling)
        out << "polling every " << span.intervalMs << " ms from " << TimeArgument::format(span.startedMs)
            << " to " << (span.endedMs ? TimeArgument::format(*span.endedMs) : std::string("now"))
            << ": changes seen up to one interval late, shorter holds may be missing\n";
    for (const auto& alert : *alerts)
        out << "alert at " << TimeArgument::format(alert.atMs) << ": " << alert.rule << ": "
            << DisplayText::escaped(alert.detail, 300) << " (" << whereText(alert.server, alert.node)
            << ")\n";
    return ExitOk;
}

// The admin actions in the window, one a line (or a JSON array): who took which action on which
// lock of which server, why, and what came of it.
int printAudit(
    HistoryQuery& query, bool json, int limit, TimeWindow window, std::ostream& out, std::ostream& err)
{
    auto entries = query.audit(window, limit);
    if (!entries) {
        err << "lockscope-cli: " << entries.error().message << "\n";
        return ExitUnavailable;
    }
    if (json) {
        JsonWriter writer;
        writer.beginArray();
        for (const auto& entry : *entries) {
            beginRow(writer, entry.server).key("at_ms").number(entry.atMs);
            writer.key("user").string(entry.user).key("host").string(entry.host);
            writer.key("version").string(entry.version).key("profile").string(entry.profile);
            writer.key("node").string(entry.node).bytesField("lock", entry.lock);
            writer.key("action").string(entry.action).bytesField("reason", entry.reason);
            writer.key("result").string(entry.result).key("entry").string(entry.entry);
            writer.endObject();
        }
        writer.endArray();
        out << writer.text() << "\n";
        return ExitOk;
    }
    if (entries->empty())
        out << "no admin actions between " << TimeArgument::format(window.fromMs) << " and "
            << TimeArgument::format(window.untilMs) << "\n";
    for (const auto& entry : *entries)
        out << TimeArgument::format(entry.atMs) << "  " << DisplayText::escaped(entry.user, 40) << "@"
            << DisplayText::escaped(entry.host, 60) << "  "
            << DisplayText::escaped(entry.server.empty() ? entry.node : entry.server, 60) << "  "
            << DisplayText::escaped(entry.lock, 80) << "  " << entry.action << "  "
            << (entry.reason.empty() ? std::string("(no reason given)")
                                     : DisplayText::escaped(entry.reason, 300))
            << "  " << DisplayText::escaped(entry.result, 200) << "\n";
    return ExitOk;
}

int printLeague(HistoryQuery& query, const HistoryArguments& arguments, TimeWindow window, std::ostream& out,
    std::ostream& err)
{
    const auto league = arguments.top == "held" ? HistoryQuery::League::Held
        : arguments.top == "contended"          ? HistoryQuery::League::Contended
                                                : HistoryQuery::League::Expired;
    auto rows = query.top(league, window, arguments.limit);
    if (!rows) {
        err << "lockscope-cli: " << rows.error().message << "\n";
        return ExitUnavailable;
    }
    if (arguments.json) {
        JsonWriter json;
        json.beginObject().key("top").string(arguments.top);
        json.key("since_ms").number(window.fromMs).key("until_ms").number(window.untilMs);
        json.key("locks").beginArray();
        for (const auto& row : *rows) {
            beginRow(json, row.server).bytesField("lock", row.lock).key("node").string(row.node);
            json.key("kind")
                .string(row.kind)
                .key("library")
                .string(row.library)
                .key("holds")
                .number(row.holds);
            json.key("longest_hold_ms").number(row.longestHoldMs).key("max_waiters").number(row.maxWaiters);
            json.key("expired").number(row.expired).endObject();
        }
        json.endArray().endObject();
        out << json.text() << "\n";
        return ExitOk;
    }
    if (rows->empty())
        out << "no locks to show between " << TimeArgument::format(window.fromMs) << " and "
            << TimeArgument::format(window.untilMs) << "\n";
    int rank = 0;
    for (const auto& row : *rows)
        out << ++rank << ". " << DisplayText::escaped(row.lock, 80) << " (" << row.kind << ", " << row.library
            << ") on " << whereText(row.server, row.node) << ": " << row.holds << " hold(s), longest "
            << seconds(row.longestHoldMs) << ", " << row.maxWaiters << " waiter(s) at most, " << row.expired
            << " expired\n";
    return ExitOk;
}

} // namespace

int HistoryCommand::run(const CliOptions& options, const std::map<std::string, std::string>& environment,
    std::ostream& out, std::ostream& err)
{
    const HistoryArguments* arguments = &options.arguments.history;
    if ((arguments->top.empty() ? 0 : 1) + (arguments->lock.empty() ? 0 : 1) + (arguments->audit ? 1 : 0)
        != 1)
        return CommandLine::usageError(
            err, "history", "needs a lock NAME or --top held|contended|expired, or --audit (one of them)");
    const long long nowMs = epochMillisNow();
    auto since = TimeArgument::parse(arguments->since, nowMs);
    auto until = TimeArgument::parse(arguments->until, nowMs);
    if (!since || !until)
        return CommandLine::usageError(err, "history", (!since ? since.error() : until.error()).message);
    if (*since >= *until)
        return CommandLine::usageError(err, "history", "--since must come before --until");
    const std::string path
        = HistoryFile::choose(arguments->file.db, arguments->file.profile, options.connection, environment);
    auto shared
        = HistoryFile::sharedDatabase(path, arguments->file.passwordEnv, options.connection, environment);
    if (!shared) {
        err << "lockscope-cli: " << shared.error().message << "\n";
        return exitCodeFor(shared.error().kind);
    }
    auto query = HistoryQuery::open(path, 2000, shared->password);
    if (!query) {
        err << "lockscope-cli: " << query.error().message << "\n";
        return exitCodeFor(query.error().kind);
    }
    const TimeWindow window {*since, *until};
    if (arguments->audit)
        return printAudit(*query, arguments->json, static_cast<int>(arguments->limit), window, out, err);
    if (!arguments->top.empty())
        return printLeague(*query, *arguments, window, out, err);
    return printHolds(*query, *arguments, window, nowMs, out, err);
}

} // namespace lockscope
