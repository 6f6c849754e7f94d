// The `soak` target: a soak benchmark of the fault drills (issue 15), not a test. 32 client
// processes take turns on token locks while clients are killed, paused and partitioned and the
// lock server restarts; every critical section writes to a fenced resource; the run must end
// with no accepted write out of fence order.
//   lockscope_soak [--kind token|reentrant|fair|write] [--clients N] [--sections N] [--limit-s S]
//   lockscope_soak client <lock port> <resource port> <index> <locks> <lease ms> <kind>   (spawned)

#include "SoakClient.h"
#include "SoakConductor.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

using namespace lockscope::soak;

int main(int argc, char** argv)
{
    if (argc == 8 && std::string(argv[1]) == "client") {
        SoakClient::Settings settings;
        settings.lockPort = std::atoi(argv[2]);
        settings.resourcePort = std::atoi(argv[3]);
        settings.index = std::atoi(argv[4]);
        settings.locks = std::max(1, std::atoi(argv[5]));
        settings.leaseMs = std::max(1, std::atoi(argv[6]));
        settings.kind = argv[7];
        return SoakClient::run(settings);
    }
    SoakConductor::Settings settings;
    char self[4096] = {};
    const ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
    settings.self = length > 0 ? std::string(self, static_cast<size_t>(length)) : std::string(argv[0]);
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string name = argv[i];
        if (name == "--kind") {
            const std::string kind = argv[i + 1];
            if (kind != "token" && kind != "reentrant" && kind != "fair" && kind != "write") {
                std::fprintf(
                    stderr, "lockscope_soak: --kind takes a fenced kind: token, reentrant, fair, write\n");
                return 2;
            }
            settings.kind = kind;
            continue;
        }
        const long long value = std::atoll(argv[i + 1]);
        if (name == "--clients" && value > 0)
            settings.clients = static_cast<int>(value);
        else if (name == "--sections" && value > 0)
            settings.sections = value;
        else if (name == "--limit-s" && value > 0)
            settings.limit = std::chrono::seconds(value);
    }
    return SoakConductor::run(settings);
}
