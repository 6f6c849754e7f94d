#pragma once

#include <optional>

// What `redis-benchmark -c 1 -t set` (Debian's redis-tools) measures against the server on
// 127.0.0.1:`port`: one client's SETs per second, each a whole round trip. nullopt when it did
// not run or said something else (printed).
struct RedisBenchmarkSample
{
    long long requests = 0;
    double seconds = 0; // requests / its requests per second
};

std::optional<RedisBenchmarkSample> runRedisBenchmarkSet(int port, long long requests);
