#include "fleet/FleetFile.h"
#include "fleet/SavedProfiles.h"
#include "inspect/scan/KeyspaceScanner.h"

#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

using namespace lockscope;

namespace {

// Fleet files that name no saved profile.
TextResult<Fleet> parse(std::string_view text)
{
    return FleetFile::parse(text, "servers.fleet", FleetFile::over({}), {});
}

} // namespace

// The fleet file: one server a line, merged when the same twice, refused with its line number
// when a line is neither a URL nor a profile; and `profile NAME` read from the GUI's own
// settings file, written here by QSettings as the GUI writes it.
class tst_FleetFile : public QObject
{
    Q_OBJECT

private slots:
    void readsUrlsWithAndWithoutNames()
    {
        auto fleet = parse("# the team's servers\n"
                           "redis://10.0.0.5:6379 orders\n"
                           "\n"
                           "   rediss://cache.internal:6380\n"
                           "redis://10.0.0.7:6379/2   EU staging  \n"
                           "unix:///run/redis/redis.sock local\n");
        QVERIFY2(fleet, fleet ? "" : fleet.refusal().english().c_str());
        QCOMPARE(fleet->size(), size_t(4));
        const auto& members = fleet->members();
        QCOMPARE(members[0].name, std::string("orders"));
        QCOMPARE(members[0].connection.port, 6379);
        QCOMPARE(members[1].name, std::string("cache.internal:6380"));
        QVERIFY(members[1].connection.tls.enabled);
        QCOMPARE(members[2].name, std::string("EU staging"));
        QCOMPARE(members[2].connection.database, 2);
        QCOMPARE(members[3].name, std::string("local"));
        QCOMPARE(members[3].origin, std::string("servers.fleet:6"));
        QVERIFY(fleet->notes().empty());
    }

    void mergesTheSameServerGivenTwiceWithANote()
    {
        auto fleet = parse("redis://10.0.0.5:6379 orders\n"
                           "redis://10.0.0.6:6379\n"
                           "redis://10.0.0.5:6379/0 orders-again\n");
        QVERIFY(fleet);
        QCOMPARE(fleet->size(), size_t(2));
        QCOMPARE(fleet->notes().size(), size_t(1));
        const std::string note = fleet->notes().front().english();
        QVERIFY2(note.find("servers.fleet:3") != std::string::npos, note.c_str());
        QVERIFY2(note.find("same server as orders") != std::string::npos, note.c_str());
    }

    void keepsAnotherDatabaseOfTheSameServerApart()
    {
        auto fleet = parse("redis://10.0.0.5:6379/0\nredis://10.0.0.5:6379/1\n");
        QVERIFY(fleet);
        QCOMPARE(fleet->size(), size_t(2));
    }

    void givesATakenNameToAnotherServerWithItsEndpoint()
    {
        auto fleet = parse("redis://10.0.0.5:6379 prod\nredis://10.0.0.6:6379 prod\n");
        QVERIFY(fleet);
        QCOMPARE(fleet->size(), size_t(2));
        QCOMPARE(fleet->members()[1].name, std::string("prod (redis://10.0.0.6:6379)"));
        QCOMPARE(fleet->notes().size(), size_t(1));
    }

    void refusesAMalformedLineWithItsNumber_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not a url") << "redis://a:1\n# ok\n10.0.0.5:6379\n"
                                   << "servers.fleet:3: expected a URL";
        QTest::newRow("bad port") << "redis://a:99999\n"
                                  << "servers.fleet:1:";
        QTest::newRow("profile without name") << "redis://a:1\nprofile\n"
                                              << "servers.fleet:2: 'profile' needs";
        QTest::newRow("unclosed quote") << "profile \"EU staging\nredis://a:1\n"
                                        << "servers.fleet:1: a quote";
    }
    void refusesAMalformedLineWithItsNumber()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const std::string bytes = text.toStdString();
        auto fleet = parse(bytes);
        QVERIFY(!fleet);
        const std::string refusal = fleet.refusal().english();
        QVERIFY2(QString::fromStdString(refusal).startsWith(expected), refusal.c_str());
    }

    void refusesInTextsMadeToBeTranslated()
    {
        // Each refusal is a template of the translatable catalogue with the line and the words
        // it quotes as arguments: the GUI can show it in its language, the CLI prints the English.
        auto fleet = parse("redis://a:1\nprofile\n");
        QVERIFY(!fleet);
        const UserText& refusal = fleet.refusal();
        QCOMPARE(refusal.context(), std::string_view("FleetFile"));
        QCOMPARE(refusal.pattern(), std::string_view("%1: %2"));
        QCOMPARE(refusal.arguments().size(), size_t(2));
        QCOMPARE(refusal.arguments()[0].english(), std::string("servers.fleet:2"));
        QCOMPARE(refusal.arguments()[1].pattern(),
            std::string_view("'profile' needs the name of a saved connection profile"));

        auto merged = parse("redis://10.0.0.5:6379 a\nredis://10.0.0.5:6379 b\n");
        QVERIFY(merged);
        QCOMPARE(merged->notes().size(), size_t(1));
        QCOMPARE(merged->notes().front().context(), std::string_view("Fleet"));
        QVERIFY(!merged->notes().front().isVerbatim());
    }

    void refusesAFileWithoutServers()
    {
        auto fleet = parse("# nothing yet\n\n");
        QVERIFY(!fleet);
        const std::string refusal = fleet.refusal().english();
        QVERIFY2(refusal.find("no server") != std::string::npos, refusal.c_str());
    }

    void refusesAFileThatIsNotThere()
    {
        auto fleet = FleetFile::read("/nonexistent/servers.fleet", FleetFile::over({}), {});
        QVERIFY(!fleet);
        QVERIFY(fleet.refusal().english().find("/nonexistent/servers.fleet") != std::string::npos);
    }

    void namesSavedProfilesAsTheGuiSavedThem()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("LockScope/LockScope.conf");
        {
            // As ConnectionProfileStore writes them (its keys), in the GUI's INI file.
            QSettings settings(path, QSettings::IniFormat);
            settings.beginWriteArray("connections/profiles", 2);
            settings.setArrayIndex(0);
            settings.setValue("id", "{a}");
            settings.setValue("name", "Production");
            settings.setValue("url", "redis://10.0.0.5:6379");
            settings.setValue("database", 3);
            settings.setValue("readOnly", true);
            settings.setValue("production", true);
            settings.setValue("user", "ops");
            settings.setArrayIndex(1);
            settings.setValue("id", "{b}");
            settings.setValue("name", QString::fromUtf8("EU staging, \xc3\xa9t\xc3\xa9"));
            settings.setValue("url", "redis://10.0.0.6:6380");
            settings.setValue("database", -1);
            settings.endArray();
        }
        const auto profiles = SavedProfiles::read(path.toStdString());
        auto lookup = [&profiles](const std::string& name) { return profiles.member(name, {}); };
        auto fleet = FleetFile::parse("profile Production\nprofile \"EU staging, \xc3\xa9t\xc3\xa9\" eu\n",
            "f", FleetFile::over({}), lookup);
        QVERIFY2(fleet, fleet ? "" : fleet.refusal().english().c_str());
        QCOMPARE(fleet->size(), size_t(2));
        const auto& production = fleet->members()[0];
        QCOMPARE(production.name, std::string("Production"));
        QCOMPARE(production.connection.host, std::string("10.0.0.5"));
        QCOMPARE(production.connection.database, 3);
        QCOMPARE(production.connection.user, std::string("ops"));
        QVERIFY(production.connection.readOnly);
        // Marked production: its listings keep to 10% of the server unless a budget is given.
        QVERIFY(production.production);
        QCOMPARE(ScanOptions::serverLoadFor(0, production.production), ScanOptions::productionServerLoad);
        QCOMPARE(ScanOptions::serverLoadFor(0.5, production.production), 0.5);
        QVERIFY(!fleet->members()[1].production);
        QCOMPARE(ScanOptions::serverLoadFor(0, fleet->members()[1].production), 0.0);
        QCOMPARE(fleet->members()[1].name, std::string("eu"));
        QCOMPARE(fleet->members()[1].connection.port, 6380);

        auto missing = FleetFile::parse("redis://a:1\nprofile Nope\n", "f", FleetFile::over({}), lookup);
        QVERIFY(!missing);
        const std::string refusal = missing.refusal().english();
        QVERIFY2(refusal.find("f:2: no saved profile named 'Nope'") != std::string::npos, refusal.c_str());
        QVERIFY2(refusal.find("Production") != std::string::npos, refusal.c_str());
    }
};

QTEST_GUILESS_MAIN(tst_FleetFile)
#include "tst_FleetFile.moc"
