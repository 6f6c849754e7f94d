#include "cli/CliOptions.h"

#include "cli/CommandLine.h"
#include "fleet/FleetFile.h"
#include "fleet/SavedProfiles.h"
#include "redis/ConnectionFlags.h"

#include <optional>

namespace lockscope {

Result<CliOptions> CliOptions::parse(
    const std::vector<std::string>& args, const std::map<std::string, std::string>& environment)
{
    CliOptions options;
    CommandLine commandLine;
    auto parsed = commandLine.parse(args);
    if (!parsed)
        return parsed.error();
    options.command = parsed->command;
    options.help = parsed->help;
    options.version = parsed->version;
    options.generate = parsed->generate;
    if (options.help || options.version || !options.generate.empty())
        return options;
    options.arguments = std::move(parsed->arguments);
    options.sandbox = parsed->global.sandbox;
    options.quiet = parsed->global.quiet;
    const ConnectionFlags& flags = parsed->global.connection;
    const auto& servers = parsed->global.servers;
    const std::string& fleetFile = parsed->global.fleetFile;
    const std::string& command = options.command;
    auto usageError = [&command](const std::string& message) {
        return makeError(ErrorKind::Usage, command + ": " + message + CommandLine::seeHelp(command));
    };

    // As redis-cli and most Redis clients: the tool's own variable first, then the common one.
    std::string defaultUrl = "redis://127.0.0.1:6379";
    for (const char* name : {"REDIS_URL", "LOCKSCOPE_URL"}) {
        if (auto it = environment.find(name); it != environment.end() && !it->second.empty())
            defaultUrl = it->second;
    }
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
        // redis-cli's REDISCLI_AUTH: the password when neither the URL nor --password-env gave one.
        if (auto auth = environment.find("REDISCLI_AUTH");
            !resolved.options->hasPassword && auth != environment.end() && !auth->second.empty()) {
            resolved.options->password = auth->second;
            resolved.options->hasPassword = true;
        }
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
