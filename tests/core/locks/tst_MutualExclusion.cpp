#include "locks/MutualExclusionChecker.h"
#include "support/RedisTestServer.h"

#include <QtTest>

using namespace lockscope;

namespace {
const QString cliPath = QStringLiteral(LOCKSCOPE_CLI_PATH);

// One critical section: append a start record, work a little, append an end record. Each
// section runs in its own shell, so $$ names it uniquely; `date +%s%N` is one clock for all.
const char* const section = "echo \"start $$ ${LOCKSCOPE_FENCE:--} $(date +%s%N)\" >> \"$HISTORY\"; "
                            "sleep 0.02; "
                            "echo \"end $$ ${LOCKSCOPE_FENCE:--} $(date +%s%N)\" >> \"$HISTORY\"";

// A contender: several `lockscope-cli lock` runs in a row; any failed run is reported.
const char* const contender = "for i in $(seq \"$ROUNDS\"); do "
                              "\"$CLI\" \"$@\" -- sh -c \"$SECTION\" || echo \"run $i exited $?\" >&2; "
                              "done";
} // namespace

class tst_MutualExclusion : public QObject
{
    Q_OBJECT
    std::vector<std::unique_ptr<RedisServerProcess>> m_servers;
    QTemporaryDir m_dir;

    static constexpr int contenders = 4;
    static constexpr int rounds = 6;

private slots:
    void initTestCase()
    {
        QVERIFY(QFileInfo(cliPath).isExecutable());
        QVERIFY(m_dir.isValid());
        for (int i = 0; i < 3; ++i) {
            m_servers.push_back(test::startServer());
            QVERIFY(m_servers.back());
        }
    }

    void processesNeverOverlapAndFencesRise_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<bool>("fenced");
        QTest::newRow("token") << "token" << true;
        QTest::newRow("legacy") << "legacy" << false;
        QTest::newRow("redlock") << "redlock" << true;
        QTest::newRow("reentrant") << "reentrant" << true;
        QTest::newRow("fair") << "fair" << true;
        QTest::newRow("write") << "write" << true;
        QTest::newRow("semaphore of 1") << "semaphore" << true;
    }

    void processesNeverOverlapAndFencesRise()
    {
        QFETCH(QString, kind);
        QFETCH(bool, fenced);
        const QString history = m_dir.filePath(kind + "-history.txt");
        QStringList lockArgs {"--url", QString::fromStdString(m_servers[0]->url()), "lock", "mutex-" + kind,
            "--kind", kind, "--lease", "10000"};
        if (kind == "redlock") {
            QStringList urls;
            for (auto& server : m_servers)
                urls << QString::fromStdString(server->url());
            lockArgs << "--nodes" << urls.join(',');
        }

        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert("CLI", cliPath);
        environment.insert("HISTORY", history);
        environment.insert("SECTION", section);
        environment.insert("ROUNDS", QString::number(rounds));
        std::vector<std::unique_ptr<QProcess>> processes;
        for (int i = 0; i < contenders; ++i) {
            auto process = std::make_unique<QProcess>();
            process->setProcessEnvironment(environment);
            process->setProgram("sh");
            process->setArguments(QStringList {"-c", contender, "contender"} + lockArgs);
            process->start();
            QVERIFY(process->waitForStarted());
            processes.push_back(std::move(process));
        }
        for (auto& process : processes) {
            QVERIFY(process->waitForFinished(50000));
            const QString err = process->readAllStandardError();
            QVERIFY2(err.isEmpty(), qPrintable(err));
        }

        MutualExclusionChecker checker;
        QVERIFY(checker.readHistory(history.toStdString()));
        const auto report = checker.check();
        QVERIFY2(report.ok(), report.summary().c_str());
        QVERIFY2(report.problems.empty(), report.summary().c_str());
        QCOMPARE(report.sections, size_t(contenders * rounds));
        if (fenced) {
            QFile file(history);
            QVERIFY(file.open(QIODevice::ReadOnly));
            QVERIFY(!file.readAll().contains(" - ")); // every section had a fence
        }
    }
};

QTEST_GUILESS_MAIN(tst_MutualExclusion)
#include "tst_MutualExclusion.moc"
