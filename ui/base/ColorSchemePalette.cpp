#include "base/ColorSchemePalette.h"

#include "base/DesktopColorScheme.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>
#include <QStyleHints>

#include <memory>

namespace lockscope::ui {

namespace {

enum class Scheme
{
    Unknown,
    Light,
    Dark
};

Scheme requestedScheme(const QPalette& systemPalette, const DesktopColorScheme* desktop)
{
    const QByteArray forced = qgetenv("LOCKSCOPE_COLOR_SCHEME").toLower();
    if (forced == "dark")
        return Scheme::Dark;
    if (forced == "light")
        return Scheme::Light;
#if QT_VERSION >= QT_VERSION_CHECK(6, 5, 0)
    switch (QGuiApplication::styleHints()->colorScheme()) {
    case Qt::ColorScheme::Dark:
        return Scheme::Dark;
    case Qt::ColorScheme::Light:
        return Scheme::Light;
    default:
        break;
    }
#endif
    if (desktop && desktop->preference() == DesktopColorScheme::Preference::Dark)
        return Scheme::Dark;
    if (desktop && desktop->preference() == DesktopColorScheme::Preference::Light)
        return Scheme::Light;
    // No preference anywhere: the platform theme's palette is the best witness.
    return ColorSchemePalette::isDark(systemPalette) ? Scheme::Dark : Scheme::Light;
}

} // namespace

ColorSchemePalette::ColorSchemePalette(DesktopColorScheme* desktop, QObject* parent)
    : QObject(parent)
    , m_systemPalette(QApplication::palette())
    , m_desktop(desktop)
{
    if (m_desktop)
        connect(m_desktop, &DesktopColorScheme::preferenceChanged, this, &ColorSchemePalette::apply);
#if QT_VERSION >= QT_VERSION_CHECK(6, 5, 0)
    connect(
        QGuiApplication::styleHints(), &QStyleHints::colorSchemeChanged, this, &ColorSchemePalette::apply);
#endif
    apply();
}

void ColorSchemePalette::install()
{
    // The system palette is read before Fusion replaces it with its own.
    const QPalette systemPalette = QApplication::palette();
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(systemPalette);
    DesktopColorScheme* desktop = nullptr;
#if QT_VERSION < QT_VERSION_CHECK(6, 5, 0)
    desktop = new DesktopColorScheme(QDBusConnection::sessionBus(), qApp);
#endif
    new ColorSchemePalette(desktop, qApp);
}

void ColorSchemePalette::apply()
{
    switch (requestedScheme(m_systemPalette, m_desktop)) {
    case Scheme::Dark:
        QApplication::setPalette(isDark(m_systemPalette) ? m_systemPalette : darkPalette());
        break;
    case Scheme::Light:
    case Scheme::Unknown:
        QApplication::setPalette(isDark(m_systemPalette) ? lightPalette() : m_systemPalette);
        break;
    }
}

bool ColorSchemePalette::isDark(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightness() < palette.color(QPalette::WindowText).lightness();
}

QPalette ColorSchemePalette::lightPalette()
{
    const std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
    return fusion ? fusion->standardPalette() : QPalette();
}

QPalette ColorSchemePalette::darkPalette()
{
    const QColor window(0x2b, 0x2d, 0x30);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xe6, 0xe6, 0xe6);
    const QColor disabledText(0x80, 0x80, 0x80);
    const QColor accent(0x3d, 0x8b, 0xfd);

    QPalette palette;
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, window);
    palette.setColor(QPalette::ToolTipBase, QColor(0x3c, 0x3f, 0x41));
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, QColor(0xa0, 0xa0, 0xa0));
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, QColor(0x3a, 0x3c, 0x3f));
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::BrightText, Qt::white);
    palette.setColor(QPalette::Light, QColor(0x4a, 0x4c, 0x4f));
    palette.setColor(QPalette::Midlight, QColor(0x3f, 0x41, 0x44));
    palette.setColor(QPalette::Mid, QColor(0x25, 0x26, 0x28));
    palette.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    palette.setColor(QPalette::Shadow, Qt::black);
    palette.setColor(QPalette::Highlight, accent);
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::Link, QColor(0x6c, 0xa8, 0xff));
    palette.setColor(QPalette::LinkVisited, QColor(0xb0, 0x8c, 0xff));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        palette.setColor(QPalette::Disabled, role, disabledText);
    palette.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x50, 0x50, 0x50));
    return palette;
}

} // namespace lockscope::ui
