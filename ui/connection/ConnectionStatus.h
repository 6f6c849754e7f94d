#pragma once

#include <QMetaType>
#include <QString>

namespace lockscope::ui {

// Where the connection to the server stands, as the worker sees it. A plain value that
// crosses threads by queued signal.
struct ConnectionStatus
{
    enum class State
    {
        NotConnected, // nothing opened, or closed
        Connecting, // first attempt under way
        Connected, // the last refresh succeeded
        Unreachable, // the last attempt failed; the worker retries by itself
    };

    State state = State::NotConnected;
    QString endpoint; // what the user asked for, e.g. redis://127.0.0.1:6379
    QString error; // the last error, empty when connected
    int failedAttempts = 0; // consecutive failures since the last success
    int retryInMs = 0; // when the worker tries again, after a failure
    bool readOnly = false; // the connection refuses every command that could write
    bool authFailed = false; // the last attempt failed because the server refused the credentials

    bool operator==(const ConnectionStatus&) const = default;
};

} // namespace lockscope::ui

Q_DECLARE_METATYPE(lockscope::ui::ConnectionStatus)
