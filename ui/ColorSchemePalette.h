#pragma once

#include <QObject>
#include <QPalette>

namespace lockscope::ui {

// Light or dark, following the system: the Fusion style (the same on every desktop) with
// the system's palette when it already matches the system's color scheme, and our own dark
// palette when the system asks for dark but its palette is light (common with Fusion).
// LOCKSCOPE_COLOR_SCHEME=light|dark overrides the system (screenshots, testing).
class ColorSchemePalette : public QObject
{
    Q_OBJECT

public:
    // Installs Fusion and the palette; keeps following the system where Qt reports changes.
    static void install();

    static QPalette darkPalette();
    static QPalette lightPalette();
    static bool isDark(const QPalette& palette);

private:
    explicit ColorSchemePalette(QObject* parent);
    void apply();

    QPalette m_systemPalette;
};

} // namespace lockscope::ui
