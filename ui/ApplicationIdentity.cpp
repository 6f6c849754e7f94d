#include "ui/ApplicationIdentity.h"

#include "ui/UiTranslations.h"

#include <QApplication>
#include <QIcon>

// Resources compiled into a static library are only registered when asked for by name, and
// Q_INIT_RESOURCE must be used outside any namespace.
static void initLockScopeResources()
{
    Q_INIT_RESOURCE(lockscope);
}

namespace lockscope::ui {

void ApplicationIdentity::apply()
{
    initLockScopeResources();
    QApplication::setApplicationName(QStringLiteral("LockScope"));
    QApplication::setApplicationDisplayName(QStringLiteral("LockScope"));
    QApplication::setOrganizationName(QStringLiteral("LockScope"));
    QApplication::setOrganizationDomain(QStringLiteral("lockscope.github.io"));
    QApplication::setApplicationVersion(QStringLiteral(LOCKSCOPE_VERSION));
    QApplication::setDesktopFileName(QString::fromLatin1(desktopFileName));
    UiTranslations::install();
    QIcon icon(QString::fromLatin1(iconResource));
    // The desktop's themed icon (installed by the package) wins when present.
    QApplication::setWindowIcon(QIcon::fromTheme(QString::fromLatin1(desktopFileName), icon));
}

} // namespace lockscope::ui
