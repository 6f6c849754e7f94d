#pragma once

#include <string>

namespace lockscope::soak {

// One client process of the soak: takes turns on the soak's token locks through a ChaosProxy of
// its own and writes each critical section, with its fence, to the SoakResource. It injects two
// of the faults itself, at random: a pause past the lease inside the section (a GC pause) and a
// partition (its proxy stalls past the lease while it holds). The conductor kills it and
// restarts the lock server; it runs until it is killed or sent SIGTERM.
class SoakClient
{
public:
    struct Settings
    {
        int lockPort = 0;
        int resourcePort = 0;
        int index = 0;
        int locks = 4;
        int leaseMs = 300;
        std::string kind = "token";
        int faultOneIn = 2000; // a pause and a partition each hit one section in this many
    };

    // The process's whole life; returns an exit code.
    static int run(const Settings& settings);
};

} // namespace lockscope::soak
