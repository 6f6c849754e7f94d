#include "app/MainWindow.h"
#include "app/UiTranslations.h"
#include "connection/ConnectionController.h"
#include "connection/StatusTexts.h"

#include <QtTest>

#include <QMenuBar>

using namespace lockscope::ui;

namespace {

QStringList menuTitles(const MainWindow& window)
{
    QStringList titles;
    for (QAction* action : window.menuBar()->actions())
        titles.append(action->text());
    return titles;
}

} // namespace

class tst_UiTranslations : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { UiTranslations::install(QLocale(QLocale::English)); }

    void shipsSimplifiedChinese()
    {
        QVERIFY(UiTranslations::install(QLocale(QLocale::Chinese, QLocale::China)));
        QCOMPARE(StatusTexts::stateName(ConnectionStatus::State::Connected), QStringLiteral("已连接"));
        ConnectionController controller;
        MainWindow window(controller);
        QCOMPARE(menuTitles(window),
            QStringList({QStringLiteral("文件(&F)"), QStringLiteral("视图(&V)"), QStringLiteral("锁(&L)"),
                QStringLiteral("工具(&T)"), QStringLiteral("帮助(&H)")}));
    }

    void speaksEnglishWithoutATranslationFile()
    {
        QVERIFY(!UiTranslations::install(QLocale(QLocale::English, QLocale::UnitedStates)));
        QCOMPARE(StatusTexts::stateName(ConnectionStatus::State::Connected), QStringLiteral("Connected"));
        ConnectionController controller;
        MainWindow window(controller);
        QCOMPARE(menuTitles(window),
            QStringList({QStringLiteral("&File"), QStringLiteral("&View"), QStringLiteral("&Lock"),
                QStringLiteral("&Tools"), QStringLiteral("&Help")}));
    }

    void replacesTheLanguageInstalledBefore()
    {
        QVERIFY(UiTranslations::install(QLocale(QLocale::Chinese, QLocale::China)));
        QVERIFY(!UiTranslations::install(QLocale(QLocale::English)));
        QCOMPARE(StatusTexts::stateName(ConnectionStatus::State::Unreachable), QStringLiteral("Unreachable"));
    }
};

QTEST_MAIN(tst_UiTranslations)
#include "tst_UiTranslations.moc"
