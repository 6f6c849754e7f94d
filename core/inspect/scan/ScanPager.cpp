#include "inspect/scan/ScanPager.h"

#include <algorithm>

namespace lockscope {

ScanPager::ScanPager(RedisConnection& connection, int count, std::optional<std::string> match)
    : m_connection(connection)
    , m_scan {"SCAN", "0", "COUNT", std::to_string(std::max(1, count))}
{
    if (match) {
        m_scan.push_back("MATCH");
        m_scan.push_back(std::move(*match));
    }
}

ScanPager::~ScanPager()
{
    if (m_inFlight && !collect())
        m_connection.disconnect(); // its reply may still come: a fresh connection is in step
}

Status ScanPager::request()
{
    const bool done = m_started && m_scan[1] == "0";
    if (m_inFlight || m_page || done)
        return Done {};
    auto sent = m_connection.send(m_scan);
    // A connection that broke is reconnected by collect(), which asks again.
    if (!sent && sent.error().kind != ErrorKind::Disconnected)
        return sent;
    m_started = true;
    m_inFlight = true;
    return Done {};
}

Status ScanPager::collect()
{
    if (!m_inFlight)
        return Done {};
    m_inFlight = false;
    // The connection's command timeout, as command() applies it (zero or less: none).
    const auto timeout = m_connection.options().commandTimeout;
    auto page = m_connection.readReply(
        timeout.count() > 0 ? std::optional<std::chrono::milliseconds>(timeout) : std::nullopt);
    if (!page && page.error().kind == ErrorKind::Disconnected)
        page = m_connection.command(m_scan); // reconnects; SCAN reads, so asking again is harmless
    if (!page) {
        m_connection.disconnect(); // a late reply must not answer the next command
        return page.error();
    }
    if (page->isError())
        return RedisError::fromServerReply(page->text());
    if (!page->isArray() || page->size() != 2 || !page->at(0).isString() || !page->at(1).isArray())
        return makeError(ErrorKind::Protocol, "SCAN replied with something other than [cursor, keys]");
    m_scan[1] = page->at(0).text();
    std::vector<std::string> names;
    names.reserve(page->at(1).size());
    for (const auto& element : page->at(1).elements()) {
        if (element.isString())
            names.push_back(element.text());
    }
    m_page = std::move(names);
    return Done {};
}

Result<std::optional<std::vector<std::string>>> ScanPager::next()
{
    auto asked = request();
    if (!asked)
        return asked.error();
    auto got = collect();
    if (!got)
        return got.error();
    if (!m_page)
        return std::optional<std::vector<std::string>> {}; // the cursor came back to 0
    std::optional<std::vector<std::string>> page = std::move(m_page);
    m_page.reset();
    auto ahead = request(); // the next page, while the caller works on this one
    if (!ahead)
        return ahead.error();
    return page;
}

} // namespace lockscope
