#pragma once

#include <QString>
#include <QTemporaryDir>

namespace lockscope::test {

// Gives one test process settings of its own: QSettings (native and INI, user scope) and the
// standard paths point into a temporary directory, so that saved connections never reach the
// user's settings nor another suite's. Also makes the system keyring unreachable (no D-Bus
// session bus, no desktop), so that connection passwords take the no-keyring path and never
// reach a real keyring. Create it before the QApplication's first QSettings.
class IsolatedSettings
{
public:
    IsolatedSettings();
    bool isValid() const { return m_dir.isValid(); }
    // The file QSettings() writes to.
    QString fileName() const;
    // Its bytes as they are on disk now (after a sync).
    QByteArray fileBytes() const;

private:
    QTemporaryDir m_dir;
};

} // namespace lockscope::test
