#pragma once

#include "common/NameTable.h"
#include "common/RedisError.h"

#include <compare>
#include <string_view>

namespace lockscope {

// What a stress run counts as an error: a Redis error of some kind, or one of the run's own
// failures. Its name is the key of `errors_by_type` in the JSON and of the CLI's counts: the
// ErrorKind's name for a Redis error, the cause's name otherwise.
struct StressError
{
    enum class Cause
    {
        Redis, // a command failed: `kind` says how
        Lost, // the release found the hold gone (it expired or was taken over)
        TimedOut, // an acquire gave up (only kinds with a wait limit do)
        KillNotHeld, // a kill drill found its client holding nothing to kill
        RestartFailed, // a restart drill could not restart the server
        FailoverFailed, // a failover drill could not promote a replica
        Last = FailoverFailed,
    };

    Cause cause = Cause::Redis;
    ErrorKind kind = ErrorKind::Internal; // of a Cause::Redis error only

    static constexpr StressError redis(ErrorKind kind) { return {Cause::Redis, kind}; }
    static constexpr StressError of(Cause cause) { return {cause, ErrorKind::Internal}; }

    std::string_view name() const;
    auto operator<=>(const StressError&) const = default;
};

inline constexpr auto stressErrorCauseNames = nameTable<StressError::Cause>({
    {StressError::Cause::Redis, "redis"},
    {StressError::Cause::Lost, "lost"},
    {StressError::Cause::TimedOut, "timed_out"},
    {StressError::Cause::KillNotHeld, "kill_not_held"},
    {StressError::Cause::RestartFailed, "restart_failed"},
    {StressError::Cause::FailoverFailed, "failover_failed"},
});

inline std::string_view StressError::name() const
{
    return cause == Cause::Redis ? errorKindName(kind) : stressErrorCauseNames.name(cause);
}

} // namespace lockscope
