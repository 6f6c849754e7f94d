#pragma once

namespace lockscope::ui {

// Who the application is to Qt and the desktop: names (which also place QSettings), version,
// the desktop file it belongs to, its icon from the compiled-in resources, and the language of
// the user interface (the system's, see UiTranslations).
class ApplicationIdentity
{
public:
    static constexpr const char* desktopFileName = "io.github.lockscope.lockscope";
    static constexpr const char* iconResource = ":/icons/lockscope.svg";

    // Call once after the QApplication (or, for command-line answers, QCoreApplication) exists.
    static void apply();
};

} // namespace lockscope::ui
