#include "inspect/recognizers/jvm/ShedLockRecognizer.h"

#include "inspect/LockNaming.h"

#include <chrono>

namespace lockscope {

namespace {

constexpr std::string_view addedPrefix = "ADDED:";
// "2026-01-02T03:04:05.678Z": the one shape ShedLock writes (Utils.toIsoString).
constexpr size_t isoLength = 24;

bool digits(std::string_view text)
{
    return !text.empty()
        && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

int number(std::string_view text)
{
    int value = 0;
    for (char c : text)
        value = value * 10 + (c - '0');
    return value;
}

std::optional<long long> isoUtcMs(std::string_view iso)
{
    if (iso.size() != isoLength || iso[4] != '-' || iso[7] != '-' || iso[10] != 'T' || iso[13] != ':'
        || iso[16] != ':' || iso[19] != '.' || iso[23] != 'Z')
        return std::nullopt;
    for (auto [from, length] : {std::pair {0, 4}, {5, 2}, {8, 2}, {11, 2}, {14, 2}, {17, 2}, {20, 3}}) {
        if (!digits(iso.substr(size_t(from), size_t(length))))
            return std::nullopt;
    }
    const int month = number(iso.substr(5, 2));
    const int day = number(iso.substr(8, 2));
    if (month < 1 || month > 12 || day < 1 || day > 31 || number(iso.substr(11, 2)) > 23
        || number(iso.substr(14, 2)) > 59 || number(iso.substr(17, 2)) > 60)
        return std::nullopt;
    using namespace std::chrono;
    const year_month_day date {
        year(number(iso.substr(0, 4))), std::chrono::month(unsigned(month)), std::chrono::day(unsigned(day))};
    if (!date.ok())
        return std::nullopt;
    const auto midnight = sys_days(date).time_since_epoch();
    return duration_cast<milliseconds>(midnight).count() + number(iso.substr(11, 2)) * 3600000LL
        + number(iso.substr(14, 2)) * 60000LL + number(iso.substr(17, 2)) * 1000LL
        + number(iso.substr(20, 3));
}

bool isHostname(std::string_view host)
{
    if (host.empty() || host.size() > 255)
        return false;
    return std::all_of(host.begin(), host.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u > 0x20 && u < 0x7f && c != '@';
    });
}

} // namespace

std::optional<ShedLockRecognizer::Value> ShedLockRecognizer::parseValue(std::string_view value)
{
    if (!value.starts_with(addedPrefix) || value.size() < addedPrefix.size() + isoLength + 2)
        return std::nullopt;
    const auto added = isoUtcMs(value.substr(addedPrefix.size(), isoLength));
    if (!added || value[addedPrefix.size() + isoLength] != '@')
        return std::nullopt;
    std::string_view rest = value.substr(addedPrefix.size() + isoLength + 1);
    Value parsed;
    parsed.addedMs = *added;
    // `<host>:<uuid>` since 6.7.0; a host name itself has no colon.
    if (rest.size() > 37 && rest[rest.size() - 37] == ':'
        && LockNaming::isUuid(rest.substr(rest.size() - 36))) {
        parsed.uuid = std::string(rest.substr(rest.size() - 36));
        rest = rest.substr(0, rest.size() - 37);
    }
    if (!isHostname(rest))
        return std::nullopt;
    parsed.host = std::string(rest);
    return parsed;
}

Candidacy ShedLockRecognizer::isCandidate(const RawKey& key, const RecognitionContext&) const
{
    return key.type == RawKey::Type::String && !key.truncated && parseValue(key.value) ? Candidacy::Yes
                                                                                       : Candidacy::No;
}

void ShedLockRecognizer::recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const
{
    for (const RawKey* key : context.unclaimedCandidates()) {
        if (key->type != RawKey::Type::String || key->truncated || LockNaming::isAuxiliaryKey(key->name))
            continue;
        const auto value = parseValue(key->value);
        if (!value)
            continue;
        const bool defaultPrefix = key->name.starts_with("job-lock:");
        LockSnapshot lock = context.claimLock(*key, LockKind::Token, LockLibrary::ShedLock);
        lock.confidence = defaultPrefix ? 0.95 : 0.9;
        lock.reason = defaultPrefix ? UserText(LOCKSCOPE_TEXT("ShedLockRecognizer",
                          "job-lock:<env>:<name> holding ADDED:<time>@<host>: ShedLock"))
                                    : UserText(LOCKSCOPE_TEXT("ShedLockRecognizer",
                                        "a value ADDED:<time>@<host>: ShedLock (own key prefix)"));
        lock.observedValue = key->value;
        // The key is <keyPrefix>:<env>:<lockName>; the job's @SchedulerLock name is the last part.
        if (const size_t prefixEnd = key->name.find(':'); prefixEnd != std::string::npos) {
            if (const size_t envEnd = key->name.find(':', prefixEnd + 1);
                envEnd != std::string::npos && envEnd + 1 < key->name.size())
                lock.apiName = key->name.substr(envEnd + 1);
        }
        LockHolder holder;
        holder.owner = key->value;
        // lockedBy: the host that took it, and when.
        HolderIdentification identity;
        identity.name = value->host;
        identity.sinceMs = value->addedMs;
        identity.source = IdentitySource::Value;
        holder.identity = std::move(identity);
        lock.holders.push_back(std::move(holder));
        const long long heldForS = std::max(0LL, (context.nowMs - value->addedMs) / 1000);
        lock.notes.push_back(UserText(LOCKSCOPE_TEXT("ShedLockRecognizer",
                                          "taken by host %1 %2 s ago; a job that ends sooner than its "
                                          "lockAtLeastFor leaves the lock in place until then (not stuck)"),
            value->host, heldForS));
        if (value->uuid.empty())
            lock.notes.push_back(UserText(LOCKSCOPE_TEXT("ShedLockRecognizer",
                "written by ShedLock before 6.7.0 (no UUID): two locks taken on one host in the same "
                "millisecond "
                "hold equal values")));
        lock.releaseWarning = UserText(LOCKSCOPE_TEXT("ShedLockRecognizer",
            "ShedLock may keep this key on purpose after its job ended (lockAtLeastFor): released, the job "
            "can start again on another node before that time"));
        out.push_back(std::move(lock));
    }
}

} // namespace lockscope
