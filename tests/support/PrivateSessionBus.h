#pragma once

#include <QProcess>
#include <QString>
#include <QTemporaryDir>

namespace lockscope::test {

// A D-Bus session bus of the test's own: a dbus-daemon with no service directories, so nothing
// installed on this machine (a real portal, a real keyring) is started through it. The daemon is
// stopped with this object.
class PrivateSessionBus
{
public:
    enum class Outcome
    {
        Started,
        NotInstalled, // no dbus-daemon: the caller skips
        Failed, // see error()
    };

    PrivateSessionBus() = default;
    ~PrivateSessionBus();
    PrivateSessionBus(const PrivateSessionBus&) = delete;
    PrivateSessionBus& operator=(const PrivateSessionBus&) = delete;

    Outcome start();
    void stop();
    // The bus address clients connect to (DBUS_SESSION_BUS_ADDRESS), once started.
    QString address() const { return m_address; }
    QString error() const { return m_error; }

private:
    QTemporaryDir m_dir;
    QProcess m_daemon;
    QString m_address;
    QString m_error;
};

} // namespace lockscope::test
