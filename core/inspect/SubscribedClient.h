#pragma once

#include <string>

namespace lockscope {

// A client of the server subscribed to at least one channel, as CLIENT LIST describes it.
struct SubscribedClient
{
    long long id = 0; // unique for the server's lifetime: what CLIENT KILL ID takes
    std::string name; // CLIENT SETNAME
    std::string lockName; // the lock a `<lock>-lock` name holds (portalocker's convention)
    std::string address; // host:port it connects from
    long long ageSeconds = 0; // how long it has been connected
};

} // namespace lockscope
