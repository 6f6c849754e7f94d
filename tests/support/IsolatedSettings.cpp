#include "support/IsolatedSettings.h"

#include <QFile>
#include <QSettings>
#include <QStandardPaths>

namespace lockscope::test {

IsolatedSettings::IsolatedSettings()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.path());
    // The GUI records lock history under the XDG data directory by default: into the temporary
    // directory as well, never the user's.
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dir.path() + QStringLiteral("/data")));
    // A bus address that leads nowhere: a keyring client fails at once instead of talking to
    // the developer's keyring (or waiting for one).
    qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/lockscope-test-bus");
    for (const char* name : {"XDG_CURRENT_DESKTOP", "DESKTOP_SESSION", "KDE_FULL_SESSION",
             "KDE_SESSION_VERSION", "GNOME_DESKTOP_SESSION_ID", "DISPLAY", "WAYLAND_DISPLAY"})
        qunsetenv(name);
}

QString IsolatedSettings::fileName() const
{
    return QSettings().fileName();
}

QByteArray IsolatedSettings::fileBytes() const
{
    QSettings().sync();
    QFile file(fileName());
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

} // namespace lockscope::test
