#include "app/ApplicationIdentity.h"
#include "app/GuiStartup.h"

#include <QApplication>

// lockscope: the desktop GUI. Everything but main() lives in ui/ (see GuiStartup).
int main(int argc, char* argv[])
{
    if (const auto exitCode = lockscope::ui::GuiStartup::answerWithoutDisplay(argc, argv))
        return *exitCode;
    QApplication application(argc, argv);
    lockscope::ui::ApplicationIdentity::apply();
    lockscope::ui::GuiStartup startup;
    if (const auto exitCode = startup.start(QApplication::arguments()))
        return *exitCode;
    return QApplication::exec();
}
