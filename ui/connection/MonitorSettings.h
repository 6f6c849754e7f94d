#pragma once

#include <QStringList>

#include <chrono>

namespace lockscope::ui {

// How the lock monitor looks at one server: which keys it lists, how often it polls when the
// server publishes no keyspace notifications, whether it records the lock history and when it
// raises alerts. A connection profile carries its own.
struct MonitorSettings
{
    // Glob patterns of the keys to list, which also count as locks when no known format
    // matches them (the CLI's --pattern and --lock-pattern together). Empty: every key, and only
    // the formats LockScope recognises.
    QStringList lockPatterns;
    std::chrono::milliseconds pollInterval {2000};
    bool recordHistory = true; // off: alerts only, no database
    QString historyDatabase; // empty: the profile's own file; else a path or a postgresql:// URL
    // The alert rules (core's AlertRules); 0 turns a limit off.
    int alertHeldSeconds = 60; // one holder keeps a lock longer than this
    int alertWaiters = 10; // more waiters than this on one lock
    bool alertStuck = true;
    bool alertForceRelease = true;

    bool operator==(const MonitorSettings&) const = default;
};

} // namespace lockscope::ui
