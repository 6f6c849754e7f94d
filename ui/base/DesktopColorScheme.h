#pragma once

#include <QDBusConnection>
#include <QObject>

class QDBusVariant;

namespace lockscope::ui {

// The desktop's light/dark preference as the XDG desktop portal publishes it
// (org.freedesktop.appearance color-scheme), read asynchronously and followed while the
// application runs. Qt 6.5 reads it itself; Qt 6.4 (Debian 12) does not, and its GTK platform
// theme gives no dark palette, so without this GNOME's dark mode would go unnoticed.
class DesktopColorScheme : public QObject
{
    Q_OBJECT

public:
    enum class Preference
    {
        NoPreference, // also: no portal, no session bus, or no answer yet
        Dark,
        Light,
    };

    explicit DesktopColorScheme(
        QDBusConnection bus = QDBusConnection::sessionBus(), QObject* parent = nullptr);

    Preference preference() const { return m_preference; }
    // Whether the portal answered the first question (with a preference or an error).
    bool hasAnswered() const { return m_answered; }

    static Preference fromPortalValue(uint value);

Q_SIGNALS:
    void preferenceChanged(lockscope::ui::DesktopColorScheme::Preference preference);

private Q_SLOTS:
    void onSettingChanged(const QString& group, const QString& key, const QDBusVariant& value);

private:
    void setPreference(Preference preference);

    QDBusConnection m_bus;
    Preference m_preference = Preference::NoPreference;
    bool m_answered = false;
};

} // namespace lockscope::ui
