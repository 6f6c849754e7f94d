#pragma once

#include <string>
#include <vector>

namespace lockscope {

// What each lockscope-cli command was given, as CommandLine (cli/CommandLine.cpp) parsed it:
// one struct per command, one field per flag or operand. Values are already checked against
// the ranges the definition names; the commands turn them into core's options (and refuse the
// combinations a single flag cannot judge). To add a flag: a field here, one line in
// CommandLine.cpp (see cli/README.md).

// --pattern and --lock-pattern (list, watch, record, release, extend).
struct PatternArguments
{
    std::vector<std::string> scanPatterns; // --pattern GLOB: the keys SCAN looks at
    std::vector<std::string> lockPatterns; // --lock-pattern GLOB: keys that are locks
};

// What watch and record share: what to watch and how.
struct WatchingArguments
{
    PatternArguments patterns;
    long long pollMs = 1000; // --poll
    bool polling = false; // --polling
    bool enableNotifications = false; // --enable-notifications
};

struct PingArguments
{
    bool json = false;
};

struct ListArguments
{
    PatternArguments patterns;
    bool json = false;
    bool possible = true; // off: --no-possible
};

struct WatchArguments
{
    WatchingArguments watching;
    bool json = false;
    long long maxEvents = 0; // 0: until interrupted
};

// release and extend.
struct AdminArguments
{
    std::string name;
    PatternArguments patterns; // --lock-pattern only
    bool force = false; // release
    bool yes = false; // release
    long long ttlMs = 0; // extend --ttl
    bool json = false;
    std::string reason; // --reason TEXT: why, for the audit
    std::string db; // --db FILE|URL: the history the audit goes to (else the profile's)
    std::string passwordEnv; // --db-password-env VAR
};

struct LockArguments
{
    std::string name;
    std::string kind; // empty: the default kind, or redlock with --nodes
    long long leaseMs = 30000;
    long long waitMs = -1; // -1: wait forever
    long long permits = 0; // 0: not given
    std::vector<std::string> nodes; // --nodes URL,... (each occurrence a list)
    bool serverTime = false;
    bool noFence = false;
    long long conflictExitCode = 75; // -E: not acquired within --wait
    long long failureExitCode = -1; // lock's other failures; -1: their sysexits codes
    std::vector<std::string> command; // after --
};

struct StressArguments
{
    std::string kind; // empty: token, or redlock with --nodes
    long long clients = 4;
    long long locks = 1;
    long long holdMs = 1;
    long long thinkMs = 0;
    long long leaseMs = 30000;
    std::string duration; // seconds, fractions allowed; empty: 10 s (or the iterations' end)
    long long iterations = 0;
    std::vector<std::string> nodes;
    long long permits = 1;
    bool watchdog = false;
    bool serverTime = false;
    std::string prefix = "lockscope:stress:";
    bool noFence = false;
    std::vector<std::string> faults;
    long long waitReplicas = 0;
    long long replicaTimeoutMs = 100;
    bool json = false;
};

struct DemoArguments
{
    std::string scenario;
    bool list = false;
    bool json = false;
};

// Where a history lives (record and history).
struct HistoryFileArguments
{
    std::string db; // --db FILE|URL
    std::string passwordEnv; // --db-password-env VAR
    std::string profile; // --profile P (the history's, not the server's)
};

struct RecordArguments
{
    WatchingArguments watching;
    HistoryFileArguments file;
    std::string metrics; // HOST:PORT
    long long retentionDays = 0; // 0: the default
    long long maxSizeMb = 0; // 0: the default
    long long alertHeldSeconds = 0; // 0: off
    long long alertWaiters = 0; // 0: off
    bool noAlertStuck = false;
    bool noAlertForceRelease = false;
    long long auditRetentionDays = 0; // 0: the default
};

struct HistoryArguments
{
    std::string lock;
    std::string top; // held, contended, expired; empty: the holds of `lock`
    std::string since = "24h";
    std::string until = "now";
    bool json = false;
    long long limit = 1000;
    HistoryFileArguments file;
    bool audit = false; // the admin actions instead of holds
};

struct CommandArguments
{
    PingArguments ping;
    ListArguments list;
    WatchArguments watch;
    AdminArguments release;
    AdminArguments extend;
    LockArguments lock;
    StressArguments stress;
    DemoArguments demo;
    RecordArguments record;
    HistoryArguments history;
};

} // namespace lockscope
