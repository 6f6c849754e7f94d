#include "cli/MetricsServer.h"

// The only file that includes cpp-httplib: it is large and pulls in sockets and threads.
#include <httplib.h>

#include <charconv>
#include <thread>

namespace lockscope {

struct MetricsServer::Running
{
    httplib::Server server;
    std::thread thread;
    std::string host;
    int port = 0;
};

MetricsServer::MetricsServer(std::unique_ptr<Running> running)
    : m_running(std::move(running))
{
}

MetricsServer::~MetricsServer()
{
    m_running->server.stop();
    if (m_running->thread.joinable())
        m_running->thread.join();
}

std::string MetricsServer::url() const
{
    return "http://" + m_running->host + ":" + std::to_string(m_running->port) + "/metrics";
}

Result<std::unique_ptr<MetricsServer>> MetricsServer::start(const std::string& address, Render render)
{
    const auto colon = address.rfind(':');
    if (colon == std::string::npos)
        return makeError(ErrorKind::Usage, "--metrics expects HOST:PORT or :PORT, got '" + address + "'");
    std::string host = address.substr(0, colon);
    if (host.size() >= 2 && host.front() == '[' && host.back() == ']')
        host = host.substr(1, host.size() - 2);
    if (host.empty())
        host = "127.0.0.1";
    const std::string portText = address.substr(colon + 1);
    int port = -1;
    auto [end, ec] = std::from_chars(portText.data(), portText.data() + portText.size(), port);
    if (ec != std::errc() || end != portText.data() + portText.size() || port < 0 || port > 65535)
        return makeError(ErrorKind::Usage, "--metrics: '" + portText + "' is not a port");

    auto running = std::make_unique<Running>();
    running->host = host;
    running->server.Get("/metrics", [render](const httplib::Request&, httplib::Response& response) {
        response.set_content(render(), "text/plain; version=0.0.4; charset=utf-8");
    });
    if (port == 0) {
        running->port = running->server.bind_to_any_port(host);
        if (running->port <= 0)
            return makeError(ErrorKind::ConnectionRefused, "cannot listen on " + host + " for metrics");
    } else {
        if (!running->server.bind_to_port(host, port))
            return makeError(ErrorKind::ConnectionRefused,
                "cannot listen on " + host + ":" + portText + " for metrics (in use?)");
        running->port = port;
    }
    Running* raw = running.get();
    running->thread = std::thread([raw] { raw->server.listen_after_bind(); });
    return std::unique_ptr<MetricsServer>(new MetricsServer(std::move(running)));
}

} // namespace lockscope
