#include "cli/CliOptions.h"

#include "cli/ExitCode.h"
#include "fleet/FleetFile.h"
#include "fleet/SavedProfiles.h"
#include "locks/LockFactory.h"
#include "redis/ConnectionFlags.h"

#include <optional>

namespace lockscope {

namespace {

RedisError usageError(std::string message)
{
    return makeError(ErrorKind::Usage, std::move(message));
}

} // namespace

std::string CliOptions::usage()
{
    std::string text
        = "usage: lockscope-cli [--url URL]... [--profile NAME]... [--fleet FILE]\n"
          "                     [--user U] [--password-env VAR] [--tls-ca FILE]\n"
          "                     [--tls-cert FILE] [--tls-key FILE] [--tls-server-name NAME] "
          "[--tls-insecure]\n"
          "                     [--read-only] [--connect-timeout MS] [--timeout MS] [--sandbox] COMMAND "
          "...\n"
          "       lockscope-cli --help | --version\n"
          "\n"
          "URL forms: redis://[user[:password]@]host[:port][/db], rediss://... (TLS),\n"
          "           unix:///path/to/socket[?db=N], redis+sentinel://host:port[,host:port]/master[/db]\n"
          "The URL defaults to $LOCKSCOPE_URL, then redis://127.0.0.1:6379.\n"
          "Several servers (list, watch, record): --url and --profile NAME (a profile the GUI saved)\n"
          "are repeatable; --fleet FILE reads one URL or 'profile NAME' a line, each with an optional\n"
          "name (see docs/fleet.md). A server that cannot be reached is named on stderr and the\n"
          "others are still listed: exit 69 when none answered, 68 when only some did.\n"
          "--sandbox starts a private redis-server for this command and stops it afterwards.\n"
          "\n"
          "commands:\n"
          "  ping    connect; print server version, role, topology and round-trip time\n"
          "  list [--pattern GLOB]... [--lock-pattern GLOB]... [--no-possible] [--json]\n"
          "       [--max-server-load P%]\n"
          "          every lock on every master: kind, library, holders, TTL, waiters, fence, stuck;\n"
          "          --pattern limits the scan, --lock-pattern marks keys as locks; possible locks\n"
          "          (a random token with a TTL under a name that does not say lock) are marked,\n"
          "          and --no-possible leaves them out; --max-server-load 10% paces the scan to that\n"
          "          share of the server's time (slower, and the progress says how much); a profile\n"
          "          marked production is paced to 10% unless given (100%: unpaced)\n"
          "  watch [--json] [--poll MS] [--polling] [--enable-notifications] [--max-server-load P%]\n"
          "        [--max-events N]\n"
          "          one line per lock change (appeared, changed, released, expired, and\n"
          "          force-released by a LockScope release), from keyspace notifications or,\n"
          "          where they are off, by polling (said on stderr); a server lost is reconnected with\n"
          "          backoff and what changed meanwhile reported; ends on Ctrl-C, N events or a refused\n"
          "          password (77); --enable-notifications adds the classes it reads (Kg$hlzx);\n"
          "          writes to keys no lock can be behind cost the server nothing, and its re-listings\n"
          "          keep to --max-server-load\n"
          "  release NAME [--force] [--yes]\n"
          "          delete the lock as its library would (waking Redisson waiters), only if it still\n"
          "          has the holder shown; --force for a live holder; exit 0 released, 1 nothing\n"
          "          released, 77 read-only; logged to $XDG_DATA_HOME/lockscope/audit.log\n"
          "  extend NAME --ttl MS\n"
          "          set the remaining lease of the lock, if its holder is unchanged\n"
          "  lock NAME [--kind K] [--lease MS] [--wait MS] [--permits N] [--nodes URL,...] [--server-time]\n"
          "          [--no-fence] -- COMMAND [ARGS...]\n"
          "          hold lock NAME while COMMAND runs (lease renewed every lease/3), with\n"
          "          LOCKSCOPE_LOCK, LOCKSCOPE_KIND, LOCKSCOPE_TOKEN and LOCKSCOPE_FENCE in its "
          "environment;\n"
          "          exits with COMMAND's code, 75 if not acquired within --wait (default: wait forever),\n"
          "          70 if the lock was lost while COMMAND ran (COMMAND gets SIGTERM).\n"
          "          --lease defaults to 30000 ms; --server-time judges legacy/naive expiry by Redis TIME;\n"
          "          --no-fence (token, reentrant, fair, read, write): no fencing counter key is written\n"
          "          and LOCKSCOPE_FENCE stays unset (token: a plain SET NX PX)\n"
          "  stress --kind K --clients N --locks L --hold-ms H [--think-ms T] [--lease MS] --duration S\n"
          "         [--iterations N] [--nodes URL,...] [--permits N] [--watchdog] [--server-time] [--prefix "
          "P]\n"
          "         [--no-fence] [--fault SPEC]... [--wait-replicas N [--replica-timeout MS]] [--json]\n"
          "          contention run: N clients (a thread and connection each) take turns on L locks;\n"
          "          prints throughput, acquire-wait and handoff latency, fairness (Jain), violations\n"
          "          found by the mutual-exclusion checker, errors, CPU per acquisition; SIGINT stops\n"
          "          the run and prints the partial result. Locks are named <prefix><i> (default\n"
          "          lockscope:stress:<i>); --lease defaults to 30000 ms, --duration to 10 s;\n"
          "          --no-fence as for lock\n"
          "          --fault SPEC (repeatable): fault drills, each section then writes to a fenced\n"
          "          resource; SPEC is kill[:every=N,count=K], pause[:ms=D,every=N,count=K] or\n"
          "          partition[:ms=D,mode=stall|drop,every=N,count=K] (through the run's own proxy),\n"
          "          restart[:persist=yes|no,every=N,count=K] (--sandbox: its server, with an AOF or\n"
          "          without its data) or failover[:every=N] (--sandbox: a master, a replica and a\n"
          "          sentinel; the master dies once, before the replica has the section's lock);\n"
          "          --wait-replicas N: after each acquire, WAIT for N replicas (--replica-timeout MS,\n"
          "          default 100) and count the acquires they did not confirm as not held;\n"
          "          prints faults injected, writes rejected by the fence, locks lost and how\n"
          "          each holder learned it\n"
          "  demo SCENARIO | demo --list\n"
          "          a contention demo (naive-race, getset-recovery, token-crash, fencing, watchdog,\n"
          "          fair-vs-unfair, redlock, failover; or its number): prints the timeline, exits 1 when "
          "the\n"
          "          expected outcome did not happen\n"
          "  record [--db FILE|URL] [--db-password-env VAR] [--profile P] [--metrics HOST:PORT]\n"
          "         [--poll MS] [--polling] [--max-server-load P%]\n"
          "         [--retention-days N] [--max-size-mb N] [--alert-held SECONDS] [--alert-waiters N]\n"
          "         [--no-alert-stuck] [--no-alert-force-release]\n"
          "          watch and write every lock change to the history database (default\n"
          "          $XDG_DATA_HOME/lockscope/history/<profile>.sqlite) until SIGTERM; reconnects with\n"
          "          backoff, records gaps; --metrics serves Prometheus metrics on /metrics; an alert\n"
          "          (held too long, more waiters, stuck, force-released) is printed, counted and\n"
          "          recorded; several servers: one /metrics with a server label, one database each;\n"
          "          --db postgresql://[user@]host[:port]/dbname shares one history among recorders\n"
          "          and desks (password from VAR, PGPASSWORD or ~/.pgpass)\n"
          "  history NAME [--since T] [--until T] [--json] [--limit N] [--db FILE|URL]\n"
          "          [--db-password-env VAR] [--profile P]\n"
          "  history --top held|contended|expired [--since T] [--until T] [--json]\n"
          "          the holds of lock NAME (its key or its library's name; default: the last\n"
          "          24 h), or the league table;\n"
          "          T: now, 15m, 2h, 7d (ago), 2026-11-24T03:12[:05][Z] (UTC) or epoch ms\n"
          "\n"
          "lock kinds (--kind):\n";
    // Items are padded to a column, and always with two spaces or more (see usage() in the header).
    auto item = [&text](std::string_view name, std::string_view description) {
        text += "  " + std::string(name) + std::string(name.size() < 10 ? 12 - name.size() : 2, ' ')
            + std::string(description) + "\n";
    };
    for (const auto& kind : LockFactory::kinds())
        item(kind.name,
            kind.description.english() + (kind.name == LockFactory::defaultKind ? " (default)" : ""));
    text += "\nexit status:\n";
    for (const auto& meaning : exitCodeMeanings())
        item(std::to_string(meaning.code), meaning.meaning);
    text += "\nenvironment:\n";
    item("LOCKSCOPE_URL", "the server when --url is not given");
    item("LOCKSCOPE_AUDIT_LOG", "the audit log of release and extend, instead of the file below");
    item("XDG_DATA_HOME", "where the audit log and the histories live (default: $HOME/.local/share)");
    item("PATH", "where --sandbox and the fault drills find redis-server and redis-sentinel");
    item("VAR", "the variable --password-env names holds the password");
    text += "\nfiles:\n";
    item("$XDG_DATA_HOME/lockscope/audit.log", "every release and extend, one line each");
    item("$XDG_DATA_HOME/lockscope/history/<profile>.sqlite",
        "the lock history record writes and history reads (--db FILE instead)");
    return text;
}

Result<CliOptions> CliOptions::parse(
    const std::vector<std::string>& args, const std::map<std::string, std::string>& environment)
{
    CliOptions options;
    std::string defaultUrl = "redis://127.0.0.1:6379";
    if (auto it = environment.find("LOCKSCOPE_URL"); it != environment.end() && !it->second.empty())
        defaultUrl = it->second;
    ConnectionFlags flags;
    // --url and --profile in their order (true: a profile), each resolved below.
    std::vector<std::pair<bool, std::string>> servers;
    std::string fleetFile;
    size_t i = 0;
    for (; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg.empty() || arg[0] != '-')
            break;
        if (arg == "--help" || arg == "-h") {
            options.help = true;
            return options;
        }
        if (arg == "--version") {
            options.version = true;
            return options;
        }
        if (arg == "--sandbox") {
            options.sandbox = true;
            continue;
        }
        if (arg == "--url" || arg == "--profile" || arg == "--fleet") {
            if (i + 1 >= args.size())
                return usageError(arg + " needs a value");
            if (arg == "--fleet")
                fleetFile = args[++i];
            else
                servers.emplace_back(arg == "--profile", args[++i]);
            continue;
        }
        const auto* flag
            = arg.starts_with("--") ? ConnectionFlags::find(std::string_view(arg).substr(2)) : nullptr;
        if (!flag)
            return usageError("unknown option '" + arg + "'");
        if (flag->takesValue && i + 1 >= args.size())
            return usageError(arg + " needs a value");
        flags.set(flag->name, flag->takesValue ? args[++i] : std::string());
    }
    if (i >= args.size())
        return usageError("no command given (try 'ping')");
    options.command = args[i];
    options.arguments.assign(args.begin() + static_cast<long>(i) + 1, args.end());

    auto variable = [&environment](const std::string& name) -> std::optional<std::string> {
        auto it = environment.find(name);
        return it == environment.end() ? std::nullopt : std::optional(it->second);
    };
    auto resolve = [&](std::optional<std::string> url) -> Result<ConnectionOptions> {
        ConnectionFlags withUrl = flags;
        if (url)
            withUrl.set("url", *url);
        auto resolved = withUrl.resolve(defaultUrl, {}, variable);
        if (!resolved.options)
            return usageError(resolved.mistake.english());
        resolved.options->reconnect.budget = std::chrono::milliseconds(0);
        return *resolved.options;
    };
    // The options every profile and fleet file line starts from (the flags over the default
    // URL); an error only when one of them needs it (TLS flags need a rediss:// URL).
    auto base = resolve(std::nullopt);
    const SavedProfiles profiles = SavedProfiles::read(SavedProfiles::defaultPath(environment));
    auto profileMember = [&](const std::string& name) -> TextResult<FleetMember> {
        if (!base)
            return UserText::verbatim(base.error().message);
        return profiles.member(name, *base);
    };
    for (const auto& [isProfile, value] : servers) {
        FleetMember member;
        if (isProfile) {
            auto found = profileMember(value);
            if (!found)
                return usageError(found.refusal().english());
            member = std::move(*found);
            member.origin = "--profile " + value;
        } else {
            auto connection = resolve(value);
            if (!connection)
                return connection.error();
            member.connection = std::move(*connection);
            member.name = FleetMember::defaultName(member.connection);
            member.origin = "--url " + member.connection.describe();
        }
        member.connection.reconnect.budget = std::chrono::milliseconds(0);
        options.fleet.add(std::move(member));
    }
    if (!fleetFile.empty()) {
        // Each line's URL with the command line's connection flags, as a --url would be.
        auto read = FleetFile::read(fleetFile, resolve, profileMember);
        if (!read)
            return usageError(read.refusal().english());
        options.fleet.addAll(*read);
        options.fleetFileGiven = true;
    }
    if (options.fleet.empty() && !base)
        return base.error();
    if (options.fleet.empty())
        options.fleet.add({FleetMember::defaultName(*base), *base, "the default server"});
    options.connection = options.fleet.members().front().connection;
    return options;
}

} // namespace lockscope
