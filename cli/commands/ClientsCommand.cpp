#include "cli/commands/ClientsCommand.h"

#include "cli/CliOptions.h"
#include "cli/ExitCode.h"
#include "common/DisplayText.h"
#include "common/JsonWriter.h"
#include "inspect/BlockedPopCensus.h"
#include "inspect/scan/MasterConnections.h"

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

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

// One line of the table: each cell padded to its column (by terminal width: names may be UTF-8).
std::string row(const std::vector<std::string>& cells)
{
    static constexpr size_t widths[] = {22, 8, 25, 22, 12, 24, 8, 8, 8, 0};
    std::string line;
    for (size_t i = 0; i < cells.size(); ++i)
        line += i + 1 < cells.size() ? DisplayText::padded(cells[i], widths[i]) + " " : cells[i];
    return line + "\n";
}

std::string library(const ServerClient& client)
{
    if (client.libName.empty())
        return "-";
    return DisplayText::escaped(client.libName, 24)
        + (client.libVer.empty() ? "" : " " + DisplayText::escaped(client.libVer, 16));
}

} // namespace

int ClientsCommand::run(const CliOptions& options, std::ostream& out, std::ostream& err)
{
    const bool json = options.arguments.clients.json;
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
                out << row({"NODE", "ID", "NAME", "ADDR", "USER", "LIBRARY", "AGE", "IDLE", "FLAGS", "CMD"});
                header = true;
            }
            out << row({DisplayText::escaped(target.node, 21), std::to_string(client.id),
                client.name.empty() ? "-" : DisplayText::escaped(client.name, 23),
                DisplayText::escaped(client.addr, 21), DisplayText::escaped(client.user, 11), library(client),
                std::to_string(client.ageSeconds) + "s", std::to_string(client.idleSeconds) + "s",
                DisplayText::escaped(client.flags, 7), DisplayText::escaped(client.cmd, 40)});
        }
    }
    array.endArray();
    if (json)
        out << array.text() << "\n";
    return failure ? exitCodeFor(*failure) : ExitOk;
}

} // namespace lockscope
