#include "identity/CommandSample.h"

#include "common/EnumNames.h"
#include "identity/IdentityLedger.h"
#include "identity/MonitorLine.h"
#include "inspect/LockNaming.h"
#include "redis/CommandKeys.h"
#include "redis/RedisConnection.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <set>

namespace lockscope {

std::string_view sampleEndName(SampleEnd end)
{
    static constexpr std::array<std::string_view, 7> names {
        "elapsed", "satisfied", "busy", "byte-limit", "refused", "cut", "cancelled"};
    return enumName<SampleEnd::Cancelled>(end, names, "unknown");
}

UserText SampleReport::why() const
{
    const std::string detail = error ? error->message : std::string();
    switch (end) {
    case SampleEnd::Elapsed:
    case SampleEnd::Satisfied:
    case SampleEnd::Cancelled:
        return {};
    case SampleEnd::Busy:
        return UserText(LOCKSCOPE_TEXT("CommandSample",
                            "holders not identified: the server runs %1 commands a second, more than a "
                            "command sample should watch (insist to sample anyway)"),
            opsPerSecond.value_or(0));
    case SampleEnd::ByteLimit:
        return UserText(LOCKSCOPE_TEXT("CommandSample",
            "the command sample stopped at its byte limit; holders it did not see are unknown"));
    case SampleEnd::Refused:
        return UserText(
            LOCKSCOPE_TEXT("CommandSample", "holders not identified: the server refused MONITOR (%1)"),
            detail);
    case SampleEnd::Cut:
        return UserText(LOCKSCOPE_TEXT("CommandSample",
                            "the command sample was cut short (%1); what it saw before is kept"),
            detail);
    }
    return {};
}

namespace {

bool allDigits(std::string_view text)
{
    return std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Commands whose first arguments after the name are code, a digest or a function name and a
// key count rather than values.
bool isScriptCall(std::string_view command)
{
    std::string upper(command.substr(0, 12));
    std::transform(
        upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return char(std::toupper(c)); });
    return upper == "EVAL" || upper == "EVALSHA" || upper == "EVAL_RO" || upper == "EVALSHA_RO"
        || upper == "FCALL" || upper == "FCALL_RO";
}

} // namespace

bool CommandSample::take(const MonitorLine& line, const KeyFilter& isLockKey, IdentityLedger& ledger)
{
    // A script's own commands name no client; its EVAL, from the client, carries the arguments.
    const std::string_view addr = line.address();
    if (addr.empty() || line.args.empty())
        return false;
    const auto keys = CommandKeys::of(line.args);
    if (!keys)
        return false;
    std::vector<std::string_view> lockKeys;
    for (auto key : *keys) {
        if (isLockKey(key))
            lockKeys.push_back(key);
    }
    if (lockKeys.empty())
        return false;
    // The arguments that may be a holder's value: not the command, not a script or its key count,
    // not a key, not a number (a lease in ms, a count: many clients send the same), not long text.
    std::set<const std::string*> keyArgs;
    for (const auto& arg : line.args) {
        for (auto key : *keys) {
            if (key.data() == arg.data())
                keyArgs.insert(&arg);
        }
    }
    const size_t first = isScriptCall(line.args[0]) ? 3 : 1;
    const long long atMs = line.epochMs();
    for (size_t i = first; i < line.args.size(); ++i) {
        const std::string& value = line.args[i];
        if (keyArgs.contains(&value) || value.size() < 8 || value.size() > 512 || allDigits(value))
            continue;
        for (auto key : lockKeys)
            ledger.sawValue(value, key, addr, atMs);
        // `<client uuid>:<thread>` (Redisson and LockScope's hash locks): the client's connection.
        if (value.size() > 37 && value[36] == ':'
            && LockNaming::isUuid(std::string_view(value).substr(0, 36)))
            ledger.sawClient(std::string_view(value).substr(0, 36), addr, atMs);
    }
    return true;
}

std::optional<long long> CommandSample::opsPerSecond(RedisConnection& control)
{
    auto info = control.command({"INFO", "stats"});
    if (!info || !info->isString())
        return std::nullopt;
    constexpr std::string_view field = "instantaneous_ops_per_sec:";
    const std::string& text = info->text();
    const size_t at = text.find(field);
    if (at == std::string::npos)
        return std::nullopt;
    long long value = 0;
    size_t digits = 0;
    for (size_t i = at + field.size(); i < text.size() && digits < 15 && text[i] >= '0' && text[i] <= '9';
         ++i, ++digits)
        value = value * 10 + (text[i] - '0');
    return digits == 0 ? std::nullopt : std::optional(value);
}

SampleReport CommandSample::run(RedisConnection& monitor, RedisConnection& control,
    const KeyFilter& isLockKey, IdentityLedger& ledger, const SampleOptions& options,
    const std::function<bool()>& satisfied, const CancellationToken* cancel)
{
    using Clock = std::chrono::steady_clock;
    SampleReport report;
    auto busy = [&] {
        const auto ops = opsPerSecond(control);
        if (ops)
            report.opsPerSecond = std::max(report.opsPerSecond.value_or(0), *ops);
        return !options.insist && ops && *ops > options.busyOpsPerSecond;
    };
    if (busy()) {
        report.end = SampleEnd::Busy;
        return report;
    }
    if (satisfied && satisfied()) {
        report.end = SampleEnd::Satisfied;
        return report;
    }
    const auto started = Clock::now();
    const auto deadline = started + std::min(options.duration, SampleOptions::longest);
    auto finish = [&](SampleEnd end) {
        report.end = end;
        monitor.disconnect(); // a monitoring connection takes no other command
        return report;
    };
    if (auto sent = monitor.send({"MONITOR"}); !sent) {
        report.error = sent.error();
        return finish(SampleEnd::Refused);
    }
    auto ok = monitor.readReply(std::chrono::milliseconds(5000));
    if (!ok || ok->isError() || !ok->isStatus()) {
        report.error = !ok ? ok.error()
                           : (ok->isError() ? RedisError::fromServerReply(ok->text())
                                            : RedisError {ErrorKind::Protocol, "MONITOR did not answer OK"});
        return finish(SampleEnd::Refused);
    }
    auto nextCheck = Clock::now() + std::chrono::milliseconds(1000);
    auto nextSatisfied = Clock::now() + std::chrono::milliseconds(200);
    bool keptSinceAsked = false;
    while (true) {
        const auto now = Clock::now();
        if (now >= deadline)
            return finish(SampleEnd::Elapsed);
        if (cancel && cancel->isCancelled())
            return finish(SampleEnd::Cancelled);
        if (now >= nextCheck) {
            nextCheck = now + std::chrono::milliseconds(1000);
            if (busy())
                return finish(SampleEnd::Busy);
        }
        if (keptSinceAsked && satisfied && now >= nextSatisfied) {
            nextSatisfied = now + std::chrono::milliseconds(200);
            keptSinceAsked = false;
            if (satisfied())
                return finish(SampleEnd::Satisfied);
        }
        const auto wait = std::min<Clock::duration>(deadline - now, std::chrono::milliseconds(200));
        auto reply = monitor.readReply(
            std::chrono::duration_cast<std::chrono::milliseconds>(wait) + std::chrono::milliseconds(1));
        if (!reply) {
            if (reply.error().kind == ErrorKind::Timeout)
                continue;
            report.error = reply.error();
            return finish(SampleEnd::Cut);
        }
        if (!reply->isStatus())
            continue; // not a MONITOR line: nothing to learn from it
        ++report.linesRead;
        report.bytesRead += reply->text().size();
        if (const auto line = MonitorLine::parse(reply->text())) {
            if (take(*line, isLockKey, ledger)) {
                ++report.linesKept;
                keptSinceAsked = true;
            }
        } else {
            ++report.linesSkipped;
        }
        if (report.bytesRead >= options.maxBytes)
            return finish(SampleEnd::ByteLimit);
    }
}

} // namespace lockscope
