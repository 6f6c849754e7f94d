#pragma once

#include <QMetaType>
#include <QString>

namespace lockscope::ui {

// How the lock monitor follows the server, as its worker reports it.
struct MonitorStatus
{
    enum class State
    {
        Off, // no connection open
        Starting, // connecting and listing the locks
        Watching,
        // The last attempt failed (`error`): the worker retries by itself, with a doubling pause,
        // unless the server's settings are wrong (password, ACL: see ServerWatch).
        Failed,
    };
    State state = State::Off;
    bool notifications = false; // keyspace notifications; otherwise polling every pollIntervalMs
    qint64 pollIntervalMs = 0;
    QString description; // the watcher's own line ("keyspace notifications on 1 master", ...)
    QString error;

    bool operator==(const MonitorStatus&) const = default;
};

} // namespace lockscope::ui

Q_DECLARE_METATYPE(lockscope::ui::MonitorStatus)
