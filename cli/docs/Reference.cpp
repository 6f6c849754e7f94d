#include "cli/docs/Reference.h"

#include "cli/ExitCode.h"
#include "locks/LockFactory.h"

namespace lockscope {

std::string Reference::urlForms()
{
    return "URL forms: redis://[user[:password]@]host[:port][/db], rediss://... (TLS), "
           "unix:///path/to/socket[?db=N], redis+sentinel://host:port[,host:port]/master[/db].\n\n"
           "Several servers (list, watch, record): --url and --profile are repeatable; --fleet FILE "
           "reads one URL or 'profile NAME' a line, each with an optional name (docs/fleet.md). A "
           "server that cannot be reached is named on stderr and the others are still listed: exit "
           "69 when none answered, 68 when only some did.";
}

std::vector<Reference::Item> Reference::lockKinds()
{
    std::vector<Item> items;
    for (const auto& kind : LockFactory::kinds())
        items.push_back({std::string(kind.name()),
            kind.description.english() + (kind.kind == LockFactory::defaultKind ? " (default)" : "")});
    return items;
}

std::vector<Reference::Item> Reference::exitCodes()
{
    std::vector<Item> items;
    for (const auto& meaning : exitCodeMeanings())
        items.push_back({std::string(meaning.code), std::string(meaning.meaning)});
    return items;
}

std::vector<Reference::Item> Reference::environment()
{
    return {
        {"LOCKSCOPE_URL", "the server when --url is not given"},
        {"REDIS_URL", "the server when neither --url nor LOCKSCOPE_URL is given"},
        {"REDISCLI_AUTH", "the password when neither the URL nor --password-env gives one (as redis-cli)"},
        {"VAR", "the variable --password-env (or --db-password-env) names holds the password"},
        {"LOCKSCOPE_AUDIT_LOG", "the audit log of release and extend, instead of the file below"},
        {"XDG_DATA_HOME", "where the audit log and the histories live (default: $HOME/.local/share)"},
        {"PATH", "where --sandbox and the fault drills find redis-server and redis-sentinel"},
        {"NO_COLOR", "when set and not empty, no colour even on a terminal (no-color.org)"},
    };
}

std::vector<Reference::Item> Reference::files()
{
    return {
        {"$XDG_DATA_HOME/lockscope/audit.log", "every release and extend, one line each"},
        {"$XDG_DATA_HOME/lockscope/history/<profile>.sqlite",
            "the lock history record writes and history reads (--db FILE instead)"},
    };
}

namespace {

size_t columns(const std::string& text)
{
    size_t count = 0;
    for (unsigned char c : text)
        count += (c & 0xC0) != 0x80;
    return count;
}

} // namespace

std::string Reference::wrap(const std::string& text, size_t indent, size_t width)
{
    std::string out;
    size_t from = 0;
    while (from <= text.size()) {
        size_t end = text.find("\n\n", from);
        if (end == std::string::npos)
            end = text.size();
        const std::string paragraph = text.substr(from, end - from);
        if (!out.empty())
            out += "\n";
        std::string line;
        size_t at = 0;
        while (at < paragraph.size()) {
            size_t space = paragraph.find_first_of(" \n", at);
            if (space == std::string::npos)
                space = paragraph.size();
            const std::string word = paragraph.substr(at, space - at);
            at = space + 1;
            if (word.empty())
                continue;
            if (!line.empty() && indent + columns(line) + 1 + columns(word) > width) {
                out += std::string(indent, ' ') + line + "\n";
                line.clear();
            }
            line += (line.empty() ? "" : " ") + word;
        }
        if (!line.empty())
            out += std::string(indent, ' ') + line + "\n";
        from = end + 2;
    }
    return out;
}

} // namespace lockscope
