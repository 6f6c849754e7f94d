#include "faults/FaultSpec.h"

#include "common/EnumNames.h"

#include <charconv>
#include <optional>

namespace lockscope {

namespace {

RedisError usage(std::string message)
{
    return makeError(ErrorKind::Usage, std::move(message));
}

std::optional<long long> number(std::string_view text, long long min, long long max)
{
    long long value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() || value < min
        || value > max)
        return std::nullopt;
    return value;
}

} // namespace

std::string_view FaultSpec::kindName(Kind kind)
{
    static constexpr std::array<std::string_view, 5> names {
        "kill", "pause", "partition", "restart", "failover"};
    return enumName<FaultSpec::Kind::Failover>(kind, names, "unknown");
}

Result<FaultSpec> FaultSpec::parse(std::string_view text)
{
    const std::string_view kindText = text.substr(0, text.find(':'));
    FaultSpec spec;
    bool known = false;
    for (Kind kind : {Kind::Kill, Kind::Pause, Kind::Partition, Kind::Restart, Kind::Failover}) {
        if (kindText == kindName(kind)) {
            spec.kind = kind;
            known = true;
        }
    }
    if (!known)
        return usage("unknown fault '" + std::string(kindText)
            + "' (known: kill, pause, partition, restart, failover)");
    // Defaults: often enough to matter in a short run, rarely enough that the run still runs.
    spec.every = spec.kind == Kind::Restart || spec.kind == Kind::Failover ? 200 : 25;
    // One failover unless asked for more (count=K, 0: no cap): each takes seconds (the old master
    // comes back as the replica and the sentinel has to see it before the next).
    if (spec.kind == Kind::Failover)
        spec.count = 1;

    std::string_view rest
        = kindText.size() < text.size() ? text.substr(kindText.size() + 1) : std::string_view();
    while (!rest.empty()) {
        const std::string_view item = rest.substr(0, rest.find(','));
        rest = item.size() < rest.size() ? rest.substr(item.size() + 1) : std::string_view();
        const size_t equals = item.find('=');
        if (equals == std::string_view::npos)
            return usage("fault option '" + std::string(item) + "' is not NAME=VALUE");
        const std::string_view name = item.substr(0, equals);
        const std::string_view value = item.substr(equals + 1);
        const std::string where = " in --fault " + std::string(text);
        if (name == "every") {
            auto every = number(value, 1, 1'000'000'000);
            if (!every)
                return usage("every= expects a count of sections (1 or more)" + where);
            spec.every = *every;
        } else if (name == "count") {
            auto count = number(value, 0, 1'000'000'000);
            if (!count)
                return usage("count= expects a number of faults (0: no cap)" + where);
            spec.count = *count;
        } else if (name == "ms" && (spec.kind == Kind::Pause || spec.kind == Kind::Partition)) {
            auto ms = number(value, 1, 3'600'000);
            if (!ms)
                return usage("ms= expects milliseconds (1 to 3600000)" + where);
            spec.duration = std::chrono::milliseconds(*ms);
        } else if (name == "mode" && spec.kind == Kind::Partition) {
            if (value == "stall")
                spec.mode = PartitionMode::Stall;
            else if (value == "drop")
                spec.mode = PartitionMode::Drop;
            else
                return usage("mode= is stall or drop" + where);
        } else if (name == "persist" && spec.kind == Kind::Restart) {
            if (value == "yes")
                spec.persist = true;
            else if (value == "no")
                spec.persist = false;
            else
                return usage("persist= is yes or no" + where);
        } else {
            return usage("unknown fault option '" + std::string(name) + "'" + where);
        }
    }
    return spec;
}

std::string FaultSpec::toString() const
{
    std::string text = std::string(kindName(kind)) + ":every=" + std::to_string(every);
    if (count > 0)
        text += ",count=" + std::to_string(count);
    if ((kind == Kind::Pause || kind == Kind::Partition) && duration.count() > 0)
        text += ",ms=" + std::to_string(duration.count());
    if (kind == Kind::Partition)
        text += mode == PartitionMode::Stall ? ",mode=stall" : ",mode=drop";
    if (kind == Kind::Restart)
        text += persist ? ",persist=yes" : ",persist=no";
    return text;
}

} // namespace lockscope
