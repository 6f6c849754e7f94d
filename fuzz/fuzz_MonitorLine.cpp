// The holder identity's two readers of untrusted server text on any bytes. A MONITOR line
// (MonitorLine) is taken exactly or not at all: what is accepted formats back to the same bytes,
// a cut line is refused or, cut right after an argument, read with the same client, time and
// the arguments before the cut; and a sample credits every value it keeps to the line's own
// client. A CLIENT LIST reply (ClientList, the same bytes) gives entries whose fields hold no
// field separator, never more than its limits allow.
#include "identity/CommandSample.h"
#include "identity/IdentityLedger.h"
#include "identity/MonitorLine.h"
#include "inspect/ClientList.h"
#include "support/Crash.h"

#include <string>

using namespace lockscope;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size)
{
    const std::string text(reinterpret_cast<const char*>(bytes), size);
    if (const auto line = MonitorLine::parse(text)) {
        LOCKSCOPE_FUZZ_CHECK(line->format() == text);
        LOCKSCOPE_FUZZ_CHECK(MonitorLine::parse(line->format()) == line);
        for (size_t cut = 0; cut < text.size(); ++cut) {
            const auto shorter = MonitorLine::parse(std::string_view(text).substr(0, cut));
            if (!shorter)
                continue;
            LOCKSCOPE_FUZZ_CHECK(shorter->client == line->client && shorter->seconds == line->seconds);
            LOCKSCOPE_FUZZ_CHECK(shorter->args.size() < line->args.size());
            for (size_t i = 0; i < shorter->args.size(); ++i)
                LOCKSCOPE_FUZZ_CHECK(shorter->args[i] == line->args[i]);
        }
        IdentityLedger ledger;
        const bool kept = CommandSample::take(
            *line, [](std::string_view) { return true; }, ledger);
        LOCKSCOPE_FUZZ_CHECK(!kept || !line->address().empty());
        for (const auto& value : line->args) {
            for (const auto& key : line->args) {
                if (const Sighting* seen = ledger.valueOn(value, {key}))
                    LOCKSCOPE_FUZZ_CHECK(seen->addr == line->address());
            }
        }
    }

    ClientList::Limits limits;
    limits.maxBytes = 4096;
    limits.maxClients = 16;
    limits.maxValueBytes = 64;
    const ClientList clients = ClientList::parse(text, limits);
    LOCKSCOPE_FUZZ_CHECK(clients.clients.size() <= limits.maxClients);
    for (const auto& client : clients.clients) {
        for (const std::string* field :
            {&client.addr, &client.name, &client.user, &client.libName, &client.flags}) {
            LOCKSCOPE_FUZZ_CHECK(field->size() <= limits.maxValueBytes);
            LOCKSCOPE_FUZZ_CHECK(
                field->find(' ') == std::string::npos && field->find('\n') == std::string::npos);
        }
        LOCKSCOPE_FUZZ_CHECK(client.id >= 0);
    }
    return 0;
}
