#include "cli/commands/ClientsCommand.h"

#include "cli/CliOptions.h"
#include "cli/ExitCode.h"
#include "common/EscapeBytes.h"
#include "common/JsonWriter.h"
#include "inspect/BlockedPopCensus.h"
#include "inspect/scan/MasterConnections.h"

#include <algorithm>
#include <iomanip>
#include <ostream>

namespace lockscope {

namespace {

void writeJson(JsonWriter& json, const std::string& node, const ServerClient& client)
{
    json.beginObject();
    json.key("node").string(node);
    json.key("id").number(client.id);
    json.key("name").string(client.name);
    json.key("addr").string(client.addr);
    json.key("laddr").string(client.laddr);
    json.key("user").string(client.user);
    json.key("lib_name").string(client.libName);
    json.key("lib_ver").string(client.libVer);
    json.key("age_s").number(client.ageSeconds);
    json.key("idle_s").number(client.idleSeconds);
    json.key("flags").string(client.flags);
    json.key("cmd").string(client.cmd);
    json.endObject();
}

std::string library(const ServerClient& client)
{
    if (client.libName.empty())
        return "-";
    return escapeBytes(client.libName, 24)
        + (client.libVer.empty() ? "" : " " + escapeBytes(client.libVer, 16));
}

} // namespace

int ClientsCommand::run(const CliOptions& options, std::ostream& out, std::ostream& err)
{
    bool json = false;
    for (const auto& arg : options.arguments) {
        if (arg != "--json") {
            err << "lockscope-cli: clients: unknown argument '" << arg << "'\n";
            return ExitUsage;
        }
        json = true;
    }
    ConnectionOptions connection = options.connection;
    connection.clientRole = "cli";
    auto masters = MasterConnections::open(connection);
    if (!masters) {
        err << "lockscope-cli: " << connection.describe() << ": " << masters.error().toString() << "\n";
        return exitCodeFor(masters.error().kind);
    }
    std::optional<ErrorKind> failure;
    JsonWriter array;
    array.beginArray();
    bool header = false;
    for (const auto& target : masters->targets()) {
        BlockedPopCensus census(std::chrono::milliseconds(0));
        const ClientList& clients = census.clients(*target.connection);
        if (const auto& refused = census.refusal()) {
            err << "lockscope-cli: " << target.node << ": clients unknown: " << refused->toString() << "\n";
            failure = failure.value_or(refused->kind);
            continue;
        }
        if (clients.truncated)
            err << "lockscope-cli: " << target.node << ": CLIENT LIST cut at " << clients.clients.size()
                << " clients\n";
        if (clients.skippedLines > 0)
            err << "lockscope-cli: " << target.node << ": " << clients.skippedLines
                << " CLIENT LIST lines not understood, left out\n";
        for (const auto& client : clients.clients) {
            if (json) {
                writeJson(array, target.node, client);
                continue;
            }
            if (!header) {
                out << std::left << std::setw(22) << "NODE" << std::setw(8) << "ID" << std::setw(24) << "NAME"
                    << std::setw(22) << "ADDR" << std::setw(12) << "USER" << std::setw(24) << "LIBRARY"
                    << std::setw(8) << "AGE" << std::setw(8) << "IDLE" << std::setw(8) << "FLAGS"
                    << "CMD\n";
                header = true;
            }
            out << std::left << std::setw(22) << target.node << std::setw(8) << client.id << std::setw(24)
                << (client.name.empty() ? "-" : escapeBytes(client.name, 22)) << std::setw(22)
                << escapeBytes(client.addr, 21) << std::setw(12) << escapeBytes(client.user, 11)
                << std::setw(24) << library(client) << std::setw(8)
                << (std::to_string(client.ageSeconds) + "s") << std::setw(8)
                << (std::to_string(client.idleSeconds) + "s") << std::setw(8) << escapeBytes(client.flags, 7)
                << escapeBytes(client.cmd, 40) << "\n";
        }
    }
    array.endArray();
    if (json)
        out << array.text() << "\n";
    return failure ? exitCodeFor(*failure) : ExitOk;
}

} // namespace lockscope
