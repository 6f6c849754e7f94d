#pragma once

#include "common/Result.h"

#include <functional>
#include <memory>
#include <string>

namespace lockscope {

// Serves Prometheus' text exposition on GET /metrics (cpp-httplib, on a thread of its own),
// rendered afresh for each scrape. Stops and joins on destruction.
class MetricsServer
{
public:
    using Render = std::function<std::string()>;

    // `address` is HOST:PORT or :PORT (127.0.0.1 then: nothing beyond this machine unless asked).
    static Result<std::unique_ptr<MetricsServer>> start(const std::string& address, Render render);
    ~MetricsServer();
    MetricsServer(const MetricsServer&) = delete;
    MetricsServer& operator=(const MetricsServer&) = delete;

    std::string url() const;

private:
    struct Running;
    explicit MetricsServer(std::unique_ptr<Running> running);
    std::unique_ptr<Running> m_running;
};

} // namespace lockscope
