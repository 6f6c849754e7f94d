#pragma once

#include <QObject>
#include <QPalette>

namespace lockscope::ui {

class DesktopColorScheme;

// Light or dark, following the system: the Fusion style (the same on every desktop) with the
// system's palette when it already matches the system's color scheme, and our own palette
// when it does not (common with Fusion, whose palette is light). Where the scheme comes from,
// first that answers: LOCKSCOPE_COLOR_SCHEME=light|dark (screenshots, testing); Qt's own
// color scheme (Qt 6.5+); the desktop portal (DesktopColorScheme); the system palette.
class ColorSchemePalette : public QObject
{
    Q_OBJECT

public:
    // Follows `desktop` (may be null) from now on; applies the palette at once.
    explicit ColorSchemePalette(DesktopColorScheme* desktop, QObject* parent = nullptr);

    // Installs Fusion and a follower on the session bus's portal, owned by the application.
    static void install();

    static QPalette darkPalette();
    static QPalette lightPalette();
    static bool isDark(const QPalette& palette);

    // Sets the application palette for the scheme requested now.
    void apply();

private:
    QPalette m_systemPalette;
    DesktopColorScheme* m_desktop;
};

} // namespace lockscope::ui
