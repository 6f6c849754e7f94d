#include "app/ApplicationIdentity.h"

#include "app/UiTranslations.h"

#include <QApplication>
#include <QIcon>

// Resources compiled into a static library are only registered when asked for by name, and
// Q_INIT_RESOURCE must be used outside any namespace.
static void initLockScopeResources()
{
    static bool initialized = false;
    if (!initialized)
        Q_INIT_RESOURCE(lockscope);
    initialized = true;
}

namespace lockscope::ui {

void ApplicationIdentity::apply()
{
    initLockScopeResources();
    QCoreApplication::setApplicationName(QStringLiteral("LockScope"));
    QCoreApplication::setOrganizationName(QStringLiteral("LockScope"));
    QCoreApplication::setOrganizationDomain(QStringLiteral("lockscope.github.io"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LOCKSCOPE_VERSION));
    UiTranslations::install();
    if (!qobject_cast<QGuiApplication*>(QCoreApplication::instance()))
        return; // answering --help or --version without a display
    QGuiApplication::setApplicationDisplayName(QStringLiteral("LockScope"));
    QGuiApplication::setDesktopFileName(QString::fromLatin1(desktopFileName));
    QIcon icon(QString::fromLatin1(iconResource));
    // The desktop's themed icon (installed by the package) wins when present.
    QApplication::setWindowIcon(QIcon::fromTheme(QString::fromLatin1(desktopFileName), icon));
}

} // namespace lockscope::ui
