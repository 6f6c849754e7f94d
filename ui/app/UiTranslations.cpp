#include "app/UiTranslations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QPointer>
#include <QTranslator>

namespace lockscope::ui {

namespace {

QPointer<QTranslator> installedOwn;
QPointer<QTranslator> installedQt;

void replace(QPointer<QTranslator>& slot, QTranslator* next)
{
    if (slot) {
        QCoreApplication::removeTranslator(slot);
        delete slot;
    }
    slot = next;
    if (next)
        QCoreApplication::installTranslator(next);
}

} // namespace

bool UiTranslations::install(const QLocale& locale)
{
    auto* own = new QTranslator(QCoreApplication::instance());
    const bool ownFound
        = own->load(locale, QStringLiteral("lockscope"), QStringLiteral("_"), QStringLiteral(":/i18n"));
    if (!ownFound) {
        delete own;
        own = nullptr;
    }
    replace(installedOwn, own);

    auto* qt = new QTranslator(QCoreApplication::instance());
    if (!qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
            QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        delete qt;
        qt = nullptr;
    }
    replace(installedQt, qt);
    return ownFound;
}

} // namespace lockscope::ui
