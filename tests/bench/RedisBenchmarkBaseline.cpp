#include "RedisBenchmarkBaseline.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

std::optional<RedisBenchmarkSample> runRedisBenchmarkSet(int port, long long requests)
{
    const std::string command = "redis-benchmark -h 127.0.0.1 -p " + std::to_string(port) + " -c 1 -n "
        + std::to_string(requests) + " -t set -q 2>&1";
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe)
        return std::nullopt;
    std::string output;
    char buffer[512];
    while (std::fgets(buffer, sizeof buffer, pipe))
        output += buffer;
    ::pclose(pipe);
    // -q prints progress lines ending in \r, then "SET: 41152.26 requests per second, p50=..."
    const auto at = output.rfind("SET: ");
    const double perSecond = at == std::string::npos ? 0 : std::strtod(output.c_str() + at + 5, nullptr);
    if (perSecond <= 0) {
        std::cout << "redis-benchmark said: " << output << "\n";
        return std::nullopt;
    }
    return RedisBenchmarkSample {requests, static_cast<double>(requests) / perSecond};
}
