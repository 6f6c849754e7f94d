#include "base/ColorSchemePalette.h"
#include "base/DesktopColorScheme.h"

#include "support/PrivateSessionBus.h"

#include <QtTest>

#include <QApplication>
#include <QDBusConnection>
#include <QDBusVariant>
#include <QProcess>

using namespace lockscope::ui;
using Preference = DesktopColorScheme::Preference;

namespace {

// The part of the XDG desktop portal that publishes the color scheme, served on a private
// session bus: org.freedesktop.portal.Settings at /org/freedesktop/portal/desktop.
class PortalSettings : public QObject
{
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.portal.Settings")

public:
    uint colorScheme = 0;

    void change(uint scheme)
    {
        colorScheme = scheme;
        Q_EMIT SettingChanged(QStringLiteral("org.freedesktop.appearance"), QStringLiteral("color-scheme"),
            QDBusVariant(QVariant::fromValue(scheme)));
    }

public Q_SLOTS:
    // Like the real portal, Read answers with the value wrapped in one variant too many.
    QDBusVariant Read(const QString& group, const QString& key)
    {
        if (group != QLatin1String("org.freedesktop.appearance") || key != QLatin1String("color-scheme"))
            return QDBusVariant(QVariant::fromValue(QDBusVariant(QVariant::fromValue(0u))));
        return QDBusVariant(QVariant::fromValue(QDBusVariant(QVariant::fromValue(colorScheme))));
    }

Q_SIGNALS:
    void SettingChanged(const QString& group, const QString& key, const QDBusVariant& value);
};

} // namespace

class tst_DesktopColorScheme : public QObject
{
    Q_OBJECT

    lockscope::test::PrivateSessionBus m_bus;
    QString m_address;
    PortalSettings m_portal;

    QDBusConnection clientBus(const QString& name) { return QDBusConnection::connectToBus(m_address, name); }

private slots:
    void initTestCase()
    {
        qunsetenv("LOCKSCOPE_COLOR_SCHEME");
        // A private bus: nothing on this machine (a real portal, if installed) may be started by it.
        const auto bus = m_bus.start();
        if (bus == lockscope::test::PrivateSessionBus::Outcome::NotInstalled)
            QSKIP("dbus-daemon is not installed (apt-get install dbus)");
        QVERIFY2(bus == lockscope::test::PrivateSessionBus::Outcome::Started, qPrintable(m_bus.error()));
        m_address = m_bus.address();
    }

    void cleanupTestCase()
    {
        // Connections made with connectToBus are private: they must be closed by name.
        for (const char* name : {"no-portal", "portal", "reader", "follower", "palette"})
            QDBusConnection::disconnectFromBus(QString::fromLatin1(name));
        m_bus.stop();
    }

    void knowsNoPreferenceWithoutAPortal()
    {
        DesktopColorScheme scheme(clientBus(QStringLiteral("no-portal")));
        QTRY_VERIFY_WITH_TIMEOUT(scheme.hasAnswered(), 30000);
        QCOMPARE(scheme.preference(), Preference::NoPreference);
    }

    void readsTheDarkPreferenceFromThePortal()
    {
        QDBusConnection portalBus = clientBus(QStringLiteral("portal"));
        QVERIFY(portalBus.registerObject(QStringLiteral("/org/freedesktop/portal/desktop"), &m_portal,
            QDBusConnection::ExportAllContents));
        QVERIFY(portalBus.registerService(QStringLiteral("org.freedesktop.portal.Desktop")));
        m_portal.colorScheme = 1;
        DesktopColorScheme scheme(clientBus(QStringLiteral("reader")));
        QTRY_COMPARE_WITH_TIMEOUT(scheme.preference(), Preference::Dark, 10000);
    }

    void followsAChangeOfPreference()
    {
        m_portal.colorScheme = 1;
        DesktopColorScheme scheme(clientBus(QStringLiteral("follower")));
        QTRY_COMPARE_WITH_TIMEOUT(scheme.preference(), Preference::Dark, 10000);
        QSignalSpy changes(&scheme, &DesktopColorScheme::preferenceChanged);
        m_portal.change(2);
        QTRY_COMPARE_WITH_TIMEOUT(scheme.preference(), Preference::Light, 10000);
        QCOMPARE(changes.count(), 1);
    }

    void turnsTheApplicationDarkAndLightWithTheDesktop()
    {
        QApplication::setPalette(ColorSchemePalette::lightPalette());
        m_portal.colorScheme = 2;
        DesktopColorScheme scheme(clientBus(QStringLiteral("palette")));
        ColorSchemePalette follower(&scheme);
        QTRY_VERIFY_WITH_TIMEOUT(scheme.hasAnswered(), 10000);
        QVERIFY(!ColorSchemePalette::isDark(QApplication::palette()));
        m_portal.change(1);
        QTRY_VERIFY_WITH_TIMEOUT(ColorSchemePalette::isDark(QApplication::palette()), 10000);
        m_portal.change(2);
        QTRY_VERIFY_WITH_TIMEOUT(!ColorSchemePalette::isDark(QApplication::palette()), 10000);
    }
};

QTEST_MAIN(tst_DesktopColorScheme)
#include "tst_DesktopColorScheme.moc"
