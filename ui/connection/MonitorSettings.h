#pragma once

#include <QStringList>

#include <chrono>

namespace lockscope::ui {

// How the lock monitor looks at one server: which keys it lists, and how often it polls when
// the server publishes no keyspace notifications. A connection profile carries its own.
struct MonitorSettings
{
    // Glob patterns of the keys to list, which also count as locks when no known format
    // matches them (the CLI's --pattern and --lock-pattern together). Empty: every key, and only
    // the formats LockScope recognises.
    QStringList lockPatterns;
    std::chrono::milliseconds pollInterval {2000};

    bool operator==(const MonitorSettings&) const = default;
};

} // namespace lockscope::ui
