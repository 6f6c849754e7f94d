#include "cli/CommandLine.h"

#include "cli/ExitCode.h"
#include "cli/flags/FlagChecks.h"

#include <CLI/CLI.hpp>

#include <ostream>

namespace lockscope {

namespace {

using namespace flagChecks;

// A flag that takes one value (the last one counts when it is given twice).
template <typename T>
CLI::Option* option(CLI::App* app, const std::string& names, T& target, const std::string& value,
    const std::string& description)
{
    return app->add_option(names, target, description)->type_name(value)->allow_extra_args(false);
}

// A flag that may be given again and again; every value counts, in order.
CLI::Option* repeatable(CLI::App* app, const std::string& names, std::vector<std::string>& target,
    const std::string& value, const std::string& description)
{
    return app->add_option(names, target, description)
        ->type_name(value)
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

CLI::Option* number(CLI::App* app, const std::string& names, long long& target, long long min, long long max,
    const std::string& value, const std::string& description)
{
    return option(app, names, target, value, description)->check(wholeNumber(min, max));
}

void addPatterns(CLI::App* app, PatternArguments& patterns, bool scan)
{
    if (scan)
        repeatable(app, "--pattern", patterns.scanPatterns, "GLOB",
            "only look at keys that match GLOB (SCAN MATCH)");
    repeatable(app, "--lock-pattern", patterns.lockPatterns, "GLOB",
        "keys that match GLOB are locks, whatever they hold");
}

// --max-server-load: listings paced to a share of the server's time (ServerLoadBudget).
void addServerLoad(CLI::App* app, long long& percentTarget, const std::string& what)
{
    option(app, "--max-server-load", percentTarget, "P%",
        what + " paced to P% of the server's time (production profiles: 10%; 100%: unpaced)")
        ->transform(percent());
}

void addWatching(CLI::App* app, WatchingArguments& watching)
{
    addPatterns(app, watching.patterns, true);
    number(app, "--poll", watching.pollMs, 1, 1000000000, "MS",
        "how often to read the locks when polling (default 1000)");
    app->add_flag("--polling", watching.polling, "poll even where keyspace notifications are on");
    app->add_flag("--enable-notifications", watching.enableNotifications,
        "turn on the keyspace-notification classes LockScope reads (Kg$hlzx, CONFIG SET) where "
        "they are off");
    addServerLoad(
        app, watching.maxServerLoadPercent, "re-listings (after a gap, falling behind, every 5 min)");
}

// The message of a CLI11 parse error, in our words where we know better.
std::string reword(const CLI::ParseError& error, const std::string& command)
{
    const std::string what = error.what();
    if (dynamic_cast<const CLI::ExtrasError*>(&error)) {
        const std::string prefix
            = what.substr(what.find(": ") == std::string::npos ? 0 : what.find(": ") + 2);
        const std::string first = prefix.substr(0, prefix.find(' '));
        if (command.empty() && !first.empty() && first[0] != '-')
            return "unknown command '" + first + "'";
        if (!first.empty() && first[0] == '-')
            return "unknown option '" + first + "'";
        return "unexpected argument '" + first + "'";
    }
    if (dynamic_cast<const CLI::ArgumentMismatch*>(&error) && what.find(" missing") != std::string::npos)
        return what.substr(0, what.find(':')) + " needs a value";
    return what;
}

} // namespace

CommandLine::CommandLine()
    : m_app(std::make_unique<CLI::App>(
        "find, watch, hold, release and stress Redis distributed locks", "lockscope-cli"))
{
    // Our --help (cli/docs/HelpText), our exit codes: CLI11 only parses.
    m_app->set_help_flag("-h,--help", "print this help (after a command: that command's)");
    m_app->option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    // The options before the command may come after it too (a command's own flag wins).
    m_app->fallthrough();
    m_app->require_subcommand(0, 1);
    defineGlobal();
    defineCommands();
}

CommandLine::~CommandLine() = default;

void CommandLine::defineGlobal()
{
    CLI::App* app = m_app.get();
    Global& global = m_parsed.global;
    app->add_flag("-V,--version", m_parsed.version, "print the version and exit");
    app->add_flag("-q,--quiet", global.quiet, "no progress lines on stderr (errors and warnings still)");
    // Servers in their order: each occurrence is handled as it is met (trigger_on_parse).
    app->add_option_function<std::string>(
           "-u,--url", [&global](const std::string& url) { global.servers.emplace_back(false, url); },
           "the server (default: $LOCKSCOPE_URL, then $REDIS_URL, then redis://127.0.0.1:6379); "
           "several for list, watch and record")
        ->type_name("URL")
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
        ->trigger_on_parse();
    app->add_option_function<std::string>(
           "--profile", [&global](const std::string& name) { global.servers.emplace_back(true, name); },
           "a connection profile the GUI saved, as --url")
        ->type_name("PROFILE")
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
        ->trigger_on_parse();
    option(app, "--fleet", global.fleetFile, "FILE",
        "several servers, one URL or 'profile NAME' a line, each with an optional name (docs/fleet.md)");
    // The connection flags core shares with the GUI (ConnectionFlags): described here, checked there.
    struct ConnectionFlag
    {
        const char* name;
        const char* value;
        const char* description;
    };
    static const ConnectionFlag connectionFlags[] = {
        {"user", "USER", "the ACL user (overrides the URL's)"},
        {"password-env", "VAR", "read the password from environment variable VAR"},
        {"tls-ca", "FILE", "the CA certificates to verify the server with (rediss://)"},
        {"tls-cert", "FILE", "a client certificate (with --tls-key)"},
        {"tls-key", "FILE", "the client certificate's key"},
        {"tls-server-name", "NAME", "the name to verify and send as SNI"},
        {"tls-insecure", "", "do not verify the server's certificate"},
        {"read-only", "", "never change anything on the server (release and extend are refused, 77)"},
        {"connect-timeout", "MS", "give up connecting (name lookup included) after MS milliseconds"},
        {"timeout", "MS", "give up on a command's reply after MS milliseconds"},
    };
    for (const auto& flag : connectionFlags) {
        const std::string name = flag.name;
        if (*flag.value == '\0') {
            app->add_flag_callback(
                "--" + name, [&global, name] { global.connection.set(name); }, flag.description);
            continue;
        }
        app->add_option_function<std::string>(
               "--" + name, [&global, name](const std::string& value) { global.connection.set(name, value); },
               flag.description)
            ->type_name(flag.value)
            ->allow_extra_args(false)
            ->trigger_on_parse();
    }
    app->add_flag(
        "--sandbox", global.sandbox, "start a private redis-server for this command and stop it afterwards");
    // For the build: the manual page and the completions, written from this definition.
    option(app, "--generate", m_parsed.generate, "WHAT", "")
        ->check(oneOf({"man", "bash", "zsh", "fish", "flags"}))
        ->group("");
}

CLI::App* CommandLine::defineCommand(Command command)
{
    CLI::App* app = m_app->add_subcommand(command.name, command.summary);
    m_commands.push_back(std::move(command));
    return app;
}

void CommandLine::defineCommands()
{
    CommandArguments& a = m_parsed.arguments;

    {
        CLI::App* ping = defineCommand(
            {"ping", "", "connect; print server version, role, topology and round-trip time", "",
                {{"ping", "is the default server (redis://127.0.0.1:6379) there?"},
                    {"-u rediss://ops@redis.example:6380 --tls-ca ca.pem ping",
                        "the same over TLS, verifying the server"},
                    {"ping --json", "the same facts as one JSON object"}}});
        ping->add_flag("-j,--json", a.ping.json, "print one JSON object");
    }

    {
        CLI::App* list = defineCommand(
            {"list", "", "every lock on every master: kind, library, holders, TTL, waiters, fence, stuck",
                "Possible locks (a random token with a TTL under a name that does not say lock) are marked; "
                "--no-possible leaves them out. Several servers (--url, --profile, --fleet) are listed "
                "together with a SERVER column; one that cannot be reached is named on stderr.",
                {{"list", "the locks of the default server, as a table"},
                    {"list --pattern 'orders:*' --json", "the locks among the keys orders:*, as JSON"},
                    {"list -u redis://a:6379 -u redis://b:6379", "two servers in one table"}}});
        addPatterns(list, a.list.patterns, true);
        list->add_flag_callback(
            "--no-possible", [&a] { a.list.possible = false; },
            "leave out possible locks (a random token with a TTL)");
        list->add_flag("-j,--json", a.list.json, "print a JSON array, one object a lock");
        option(list, "--identify", a.list.identify, "DURATION",
            "first sample each master's commands (MONITOR) for up to DURATION (500ms, 30s, 1m; at most 1m, "
            "ended once every holder was seen) and name each holder's connection: CLIENT LIST name, "
            "address, library; JSON holders gain an identity object");
        list->add_flag("--identify-busy", a.list.identifyBusy,
            "sample even a server busier than 20,000 commands a second");
        addServerLoad(list, a.list.maxServerLoadPercent, "the scan");
    }
    {
        CLI::App* clients = defineCommand({"clients", "", "every master's client connections (CLIENT LIST)",
            "Id, name, address, user, library and version (where the client sent them: Redis 7.2+, "
            "Valkey 8+), age, idle time, flags and last command of each connection, read once per master. "
            "A server whose ACL refuses CLIENT LIST is named on stderr.",
            {{"clients", "the default server's connections, as a table"},
                {"clients --json", "the same as a JSON array, one object a connection"}}});
        clients->add_flag("-j,--json", a.clients.json, "print a JSON array, one object a connection");
    }
    {
        CLI::App* watch = defineCommand({"watch", "", "one line per lock change until Ctrl-C",
            "Appeared, changed, released, expired and force-released (by a LockScope release), from "
            "keyspace notifications or, where they are off, by polling (said on stderr). A server lost "
            "is reconnected with backoff and what changed meanwhile reported; a refused password ends "
            "the watch (77).",
            {{"watch", "follow the default server's locks"},
                {"watch --json --max-events 1", "wait for the next change and print it as JSON"}}});
        addWatching(watch, a.watch.watching);
        watch->add_flag("-j,--json", a.watch.json, "one JSON object a line");
        number(watch, "-n,--max-events", a.watch.maxEvents, 1, 1000000000, "N", "stop after N events");
    }
    for (AdminArguments* admin : {&a.release, &a.extend}) {
        const bool release = admin == &a.release;
        CLI::App* command = release
            ? defineCommand(
                {"release", "NAME", "delete lock NAME as its library would, if its holder is unchanged",
                    "Waiters are woken as the library does (Redisson's publish). A lock with a live "
                    "holder needs --force. A semaphore gives back the permits of one holder "
                    "(--holder) or of every holder (--all-permits, asked twice), as its library does. "
                    "Exit 0 released, 1 nothing released, 77 read-only. Every "
                    "release is logged to $XDG_DATA_HOME/lockscope/audit.log, and to the server's history "
                    "(--db, else the profile's history database) with who and --reason; a production "
                    "profile needs a --reason.",
                    {{"release orders:42 --yes", "free a stuck lock without asking"},
                        {"release invoice --force --reason \"INC-4312: stuck after deploy\" --db "
                         "postgresql://db/lockscope",
                            "free it, and say why in the team's history"},
                        {"release invoices --force", "free a lock someone still holds, after a prompt"},
                        {"release uploads --force --holder 0f7a521a-5a68-4462-909d-e9a4bcbee78f",
                            "give back one holder's permits of semaphore uploads"}}})
            : defineCommand(
                {"extend", "NAME", "set the remaining lease of lock NAME, if its holder is unchanged",
                    "Logged to the audit log like release.",
                    {{"extend orders:42 --ttl 600000", "give the holder ten more minutes"}}});
        command->add_option("NAME", admin->name, "the lock: its key or its library's name for it")
            ->required();
        addPatterns(command, admin->patterns, false);
        command->add_flag("-j,--json", admin->json, "print the outcome as one JSON object");
        option(command, "--reason", admin->reason, "TEXT", "why, for the audit (an incident number)");
        option(command, "--db", admin->db, "FILE|URL", "the history the action is audited in as well");
        option(command, "--db-password-env", admin->passwordEnv, "VAR", "the database password's variable");
        if (release) {
            command->add_flag("-f,--force", admin->force, "release a lock held by a live holder");
            command->add_flag("-y,--yes", admin->yes, "do not ask for confirmation");
            option(command, "--holder", admin->holder, "ID", "semaphore: give back the permits of holder ID");
            command
                ->add_flag("--all-permits", admin->allPermits, "semaphore: give back every holder's permits")
                ->excludes("--holder");
        } else {
            number(command, "--ttl", admin->ttlMs, 1, 86400000LL * 365, "MS", "the new remaining lease")
                ->required();
        }
    }
    {
        CLI::App* lock = defineCommand(
            {"lock", "NAME -- COMMAND [ARGS...]", "hold lock NAME while COMMAND runs, renewing its lease",
                "The lease is renewed every lease/3. COMMAND gets LOCKSCOPE_LOCK, LOCKSCOPE_KIND, "
                "LOCKSCOPE_TOKEN and LOCKSCOPE_FENCE in its environment, and SIGINT and SIGTERM the CLI "
                "receives. Exits with COMMAND's code; 75 if the lock was not acquired within --wait "
                "(default: wait forever), 70 if it was lost while COMMAND ran (COMMAND gets SIGTERM), "
                "128+N when signal N interrupted the wait.",
                {{"lock nightly-report -- ./report.sh", "run report.sh only where no other copy runs"},
                    {"lock deploy --wait 0 -- make deploy", "give up at once (75) when someone deploys"},
                    {"lock jobs --kind semaphore --permits 3 -- ./job", "at most three jobs at a time"}}});
        lock->add_option("NAME", a.lock.name, "the lock's name")->required();
        option(lock, "-k,--kind", a.lock.kind, "KIND", "the lock kind (see lock kinds below)")
            ->check(lockKind());
        number(lock, "--lease", a.lock.leaseMs, 1, 86400000, "MS", "the lease (default 30000)");
        number(lock, "-w,--wait", a.lock.waitMs, 0, 86400000, "MS", "give up (75) after waiting MS");
        number(lock, "--permits", a.lock.permits, 1, 1000000, "N", "semaphore: how many may hold it at once");
        repeatable(lock, "--nodes", a.lock.nodes, "URL,...", "redlock: the independent masters");
        lock->add_flag("--server-time", a.lock.serverTime, "legacy, naive: judge expiry by Redis TIME");
        lock->add_flag("--no-fence", a.lock.noFence,
            "write no fencing counter key; LOCKSCOPE_FENCE stays unset (token: a plain SET NX PX)");
        // As flock -E: so that a script can tell lock's own outcome from COMMAND's exit code.
        number(lock, "-E,--conflict-exit-code", a.lock.conflictExitCode, 0, 255, "N",
            "exit N (instead of 75) when the lock was not acquired within --wait");
        number(lock, "--failure-exit-code", a.lock.failureExitCode, 0, 255, "N",
            "exit N (instead of 69, 70, 76 or 77) when lock itself failed: server unreachable, refused, "
            "lock lost");
    }
    {
        CLI::App* stress = defineCommand({"stress", "", "a contention run: N clients take turns on L locks",
            "Each client is a thread with its own connection. Prints throughput, acquire-wait and "
            "handoff latency, fairness (Jain), violations found by the mutual-exclusion checker, "
            "errors and CPU per acquisition; SIGINT stops the run and prints the partial result. "
            "Exit 1 when a safe kind shows violations.\n\n"
            "--fault SPEC injects faults; each section then writes to a fenced resource. SPEC is "
            "kill[:every=N,count=K], pause[:ms=D,every=N,count=K], "
            "partition[:ms=D,mode=stall|drop,every=N,count=K] (through the run's own proxy), "
            "restart[:persist=yes|no,every=N,count=K] (--sandbox: its server) or failover[:every=N] "
            "(--sandbox: a master, a replica and a sentinel).",
            {{"--sandbox stress --kind token --clients 8 --duration 5",
                 "eight clients on one lock, five seconds"},
                {"--sandbox stress --kind naive --clients 4 --fault pause:ms=200",
                    "watch the naive kind break under a paused server"}}});
        option(stress, "-k,--kind", a.stress.kind, "KIND", "the lock kind (default token)")
            ->check(lockKind());
        number(stress, "--clients", a.stress.clients, 1, 86400000, "N", "clients (default 4)");
        number(stress, "--locks", a.stress.locks, 1, 86400000, "L", "lock names (default 1)");
        number(
            stress, "--hold-ms", a.stress.holdMs, 0, 86400000, "MS", "how long each hold lasts (default 1)");
        number(stress, "--think-ms", a.stress.thinkMs, 0, 86400000, "MS", "pause between holds (default 0)");
        number(stress, "--lease", a.stress.leaseMs, 1, 86400000, "MS", "the lease (default 30000)");
        option(stress, "--duration", a.stress.duration, "S", "run S seconds (default 10; fractions allowed)")
            ->check(seconds());
        number(stress, "--iterations", a.stress.iterations, 0, 1000000000, "N",
            "stop after N acquisitions a client");
        repeatable(stress, "--nodes", a.stress.nodes, "URL,...", "redlock: the independent masters");
        number(stress, "--permits", a.stress.permits, 1, 86400000, "N", "semaphore: permits");
        stress->add_flag(
            "--watchdog", a.stress.watchdog, "keep holds alive while held (kinds with a watchdog)");
        stress->add_flag("--server-time", a.stress.serverTime, "legacy, naive: judge expiry by Redis TIME");
        option(stress, "--prefix", a.stress.prefix, "P", "lock names are P<i> (default lockscope:stress:)")
            ->check(notEmpty());
        stress->add_flag("--no-fence", a.stress.noFence, "write no fencing counter key");
        repeatable(stress, "--fault", a.stress.faults, "SPEC", "a fault drill (see above)");
        number(stress, "--wait-replicas", a.stress.waitReplicas, 0, 86400000, "N",
            "after each acquire, WAIT for N replicas; unconfirmed acquires count as not held");
        number(stress, "--replica-timeout", a.stress.replicaTimeoutMs, 1, 86400000, "MS",
            "how long WAIT waits (default 100)");
        stress->add_flag("-j,--json", a.stress.json, "print the result as JSON");
    }
    {
        CLI::App* demo = defineCommand({"demo", "SCENARIO", "play a contention demo and print its timeline",
            "SCENARIO is a name (naive-race, getset-recovery, token-crash, fencing, watchdog, "
            "fair-vs-unfair, redlock, failover) or its number. Exit 1 when the expected outcome did "
            "not happen.",
            {{"demo --list", "the scenarios and what each should show"},
                {"--sandbox demo fencing", "the fencing demo on a private server"}}});
        demo->add_option("SCENARIO", a.demo.scenario, "the scenario's name or number");
        demo->add_flag("--list", a.demo.list, "list the scenarios");
        demo->add_flag("-j,--json", a.demo.json, "print the timeline and the outcome as one JSON object");
    }
    {
        CLI::App* record
            = defineCommand({"record", "", "write every lock change to the history database until SIGTERM",
                "The default database is $XDG_DATA_HOME/lockscope/history/<profile>.sqlite. Reconnects "
                "with backoff and records the gaps. An alert (held too long, more waiters, stuck, "
                "force-released) is printed, counted and recorded. Several servers: one /metrics with a "
                "server label, one database each. --db postgresql://[user@]host[:port]/dbname shares one "
                "history among recorders and desks (password from VAR, PGPASSWORD or ~/.pgpass).",
                {{"record --metrics 127.0.0.1:9187", "record, and serve Prometheus metrics on /metrics"},
                    {"record --alert-held 600 --alert-waiters 5",
                        "alert on holds over ten minutes, more than five waiters"}}});
        addWatching(record, a.record.watching);
        option(
            record, "--db", a.record.file.db, "FILE|URL", "the history database (a file or postgresql://)");
        option(record, "--db-password-env", a.record.file.passwordEnv, "VAR",
            "the database password's variable");
        option(
            record, "--profile", a.record.file.profile, "PROFILE", "name the history after profile PROFILE");
        option(record, "--metrics", a.record.metrics, "HOST:PORT", "serve Prometheus metrics on /metrics");
        number(record, "--retention-days", a.record.retentionDays, 1, 1000000000, "N",
            "keep N days (default 30)");
        number(record, "--max-size-mb", a.record.maxSizeMb, 1, 1000000000, "N",
            "keep at most N MiB (default 1024)");
        number(record, "--alert-held", a.record.alertHeldSeconds, 1, 1000000000, "SECONDS",
            "alert when one holder holds a lock longer");
        number(record, "--alert-waiters", a.record.alertWaiters, 1, 1000000000, "N", "alert on more waiters");
        record->add_flag("--no-alert-stuck", a.record.noAlertStuck, "no alert for stuck locks");
        record->add_flag(
            "--no-alert-force-release", a.record.noAlertForceRelease, "no alert for force-releases");
        number(record, "--audit-retention-days", a.record.auditRetentionDays, 1, 1000000000, "N",
            "keep the admin actions N days (default 400)");
    }
    {
        CLI::App* history = defineCommand({"history", "NAME | --top held|contended|expired | --audit",
            "the holds of lock NAME, or the league table",
            "NAME is a lock's key or its library's name for it. The window defaults to the last 24 h. "
            "T is now, an age (90s, 15m, 2h, 7d ago), an ISO 8601 date-time "
            "(2026-11-24T03:12:05.5+01:00; no offset: UTC) or epoch milliseconds.",
            {{"history orders:42 --since 2h", "who held orders:42 in the last two hours"},
                {"history --top contended --json", "the most contended locks of the last day, as JSON"},
                {"history --audit --since 7d", "who force-released or extended which lock, and why"}}});
        history->add_option("NAME", a.history.lock, "the lock");
        option(history, "--top", a.history.top, "held|contended|expired",
            "the league table of the locks held longest, "
            "waited for most or expired most")
            ->check(oneOf({"held", "contended", "expired"}));
        option(history, "--since", a.history.since, "T", "from T (default 24h)");
        option(history, "--until", a.history.until, "T", "until T (default now)");
        history->add_flag("-j,--json", a.history.json, "print JSON");
        history->add_flag("--audit", a.history.audit, "the admin actions: who, where, which lock, why");
        number(history, "--limit", a.history.limit, 1, 1000000, "N", "at most N rows (default 1000)");
        option(
            history, "--db", a.history.file.db, "FILE|URL", "the history database (a file or postgresql://)");
        option(history, "--db-password-env", a.history.file.passwordEnv, "VAR",
            "the database password's variable");
        option(history, "--profile", a.history.file.profile, "PROFILE", "the history of profile PROFILE");
    }
    {
        CLI::App* help = defineCommand({"help", "[COMMAND]", "print the help of COMMAND (or this help)", "",
            {{"help lock", "what lock does, its flags and examples"}}});
        help->add_option("COMMAND", m_parsed.command, "the command");
    }
}

const CommandLine::Command* CommandLine::command(std::string_view name) const
{
    for (const auto& command : m_commands) {
        if (command.name == name)
            return &command;
    }
    return nullptr;
}

std::vector<std::string> CommandLine::commandNames() const
{
    std::vector<std::string> names {"-"};
    for (const auto& command : m_commands)
        names.push_back(command.name);
    return names;
}

std::vector<CommandLine::Flag> CommandLine::flags(std::string_view command) const
{
    const CLI::App* app = m_app.get();
    if (!command.empty()) {
        app = nullptr;
        for (const CLI::App* sub : m_app->get_subcommands([](const CLI::App*) { return true; })) {
            if (sub->get_name() == command)
                app = sub;
        }
        if (!app)
            return {};
    }
    std::vector<Flag> flags;
    for (const CLI::Option* option : app->get_options()) {
        if (option->get_positional() || option->get_group().empty()
            || (!command.empty() && option == app->get_help_ptr()))
            continue;
        Flag flag;
        for (const auto& name : option->get_lnames())
            flag.name = "--" + name;
        for (const auto& name : option->get_snames())
            flag.shortName = "-" + name;
        flag.description = option->get_description();
        if (option->get_type_size_max() > 0) {
            flag.value = option->get_type_name();
            flag.repeatable = option->get_multi_option_policy() == CLI::MultiOptionPolicy::TakeAll;
            flag.kind = flag.value.starts_with("FILE")      ? ValueKind::File
                : flag.value == "VAR"                       ? ValueKind::Variable
                : flag.value == "KIND"                      ? ValueKind::Kind
                : flag.value == "PROFILE"                   ? ValueKind::Profile
                : flag.value.find('|') != std::string::npos ? ValueKind::Choice
                                                            : ValueKind::Free;
        }
        flags.push_back(std::move(flag));
    }
    return flags;
}

std::string CommandLine::seeHelp(std::string_view command)
{
    return command.empty() ? " (see lockscope-cli --help)"
                           : " (see lockscope-cli " + std::string(command) + " --help)";
}

int CommandLine::usageError(std::ostream& err, std::string_view command, std::string_view message)
{
    err << "lockscope-cli: " << (command.empty() ? "" : std::string(command) + ": ") << message
        << seeHelp(command) << "\n";
    return ExitUsage;
}

Result<CommandLine::Parsed> CommandLine::parse(const std::vector<std::string>& args)
{
    // Everything after the first "--" is lock's COMMAND, never options of ours.
    std::vector<std::string> ours = args;
    std::vector<std::string> trailing;
    bool dashes = false;
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--") {
            ours.assign(args.begin(), args.begin() + static_cast<long>(i));
            trailing.assign(args.begin() + static_cast<long>(i) + 1, args.end());
            dashes = true;
            break;
        }
    }
    // CLI11 takes the arguments last first.
    std::vector<std::string> reversed(ours.rbegin(), ours.rend());
    auto parsedCommand = [this]() -> std::string {
        for (const CLI::App* sub : m_app->get_subcommands())
            return sub->get_name();
        return {};
    };
    auto refuse = [](const std::string& command, const std::string& message) -> RedisError {
        return makeError(ErrorKind::Usage,
            (command.empty() ? "" : command + ": ") + message + seeHelp(command == "help" ? "" : command));
    };
    try {
        m_app->parse(reversed);
    } catch (const CLI::CallForHelp&) {
        m_parsed.help = true;
        m_parsed.command = parsedCommand();
        return m_parsed;
    } catch (const CLI::ParseError& error) {
        const std::string command = parsedCommand();
        return refuse(command, reword(error, command));
    }
    const std::string command = parsedCommand();
    if (command == "help") {
        m_parsed.help = true;
        if (!m_parsed.command.empty() && !this->command(m_parsed.command))
            return refuse("", "no command '" + m_parsed.command + "'");
        return m_parsed;
    }
    m_parsed.command = command;
    if (m_parsed.version || !m_parsed.generate.empty())
        return m_parsed;
    if (command.empty())
        return refuse("", "no command given (try 'ping')");
    if (command == "lock") {
        if (!dashes || trailing.empty())
            return refuse(command, "needs a COMMAND after --: lock NAME [options] -- COMMAND [ARGS...]");
        m_parsed.arguments.lock.command = trailing;
    } else if (dashes) {
        return refuse(command, "only lock takes '-- COMMAND'");
    }
    return m_parsed;
}

} // namespace lockscope
