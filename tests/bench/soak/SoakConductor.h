#pragma once

#include <chrono>
#include <string>

namespace lockscope::soak {

// The soak's parent process: starts the lock server (an AOF with fsync on every write, in
// /dev/shm when it exists so that the fsyncs do not measure the disk) and the resource server,
// spawns the client processes (this executable again, as `client`), and while they run kills a
// random client with SIGKILL every `killEvery` (it may die holding; a new one takes its place)
// and restarts the lock server every `restartEvery` (SIGKILL, then the same port and AOF).
// Stops at `sections` critical sections or after `limit`, whichever comes first, then prints
// the figures and checks the accepted fences' order.
class SoakConductor
{
public:
    struct Settings
    {
        std::string self; // this executable, to spawn the clients
        std::string kind = "token"; // a fenced kind: token, reentrant, fair, write
        int clients = 32;
        int locks = 4;
        int leaseMs = 300;
        long long sections = 200000;
        std::chrono::seconds limit {1200};
        std::chrono::milliseconds killEvery {1000};
        std::chrono::milliseconds restartEvery {15000};
    };

    // 0 when the run reached its sections with no accepted write out of fence order.
    static int run(const Settings& settings);
};

} // namespace lockscope::soak
