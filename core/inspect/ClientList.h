#pragma once

#include "inspect/ServerClient.h"

#include <cstddef>
#include <string_view>
#include <vector>

namespace lockscope {

// A CLIENT LIST reply read as untrusted input. Each line is `key=value` fields separated by one
// space; a line is taken only when every field has that shape, no key comes twice and `id` is a
// number, so a name that smuggles a space and `addr=` into its line (a server that does not
// refuse it, or a forged reply) drops that line rather than lending it another's address. Values
// longer than `maxValueBytes` drop their line too. Reading stops after `maxBytes` of the reply
// or `maxClients` entries (`truncated`): a server with 100,000 connections costs a bounded read.
class ClientList
{
public:
    struct Limits
    {
        size_t maxBytes = 16u * 1024 * 1024;
        size_t maxClients = 100'000;
        size_t maxValueBytes = 4096;
    };

    std::vector<ServerClient> clients;
    size_t skippedLines = 0; // lines not of the shape above
    bool truncated = false;

    static ClientList parse(std::string_view reply);
    static ClientList parse(std::string_view reply, const Limits& limits);

    // The entry connecting from `addr`, or nullptr.
    const ServerClient* byAddress(std::string_view addr) const;
};

} // namespace lockscope
