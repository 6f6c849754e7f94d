#include "tools/contention/DemoStepReading.h"

#include <QtTest>

using namespace lockscope::ui;
using Action = DemoStepReading::Action;
using Role = DemoStepReading::Role;

Q_DECLARE_METATYPE(DemoStepReading::Action)
Q_DECLARE_METATYPE(DemoStepReading::Role)

// The animated demo reads the core's narration back into states; these are the phrases the
// scenarios use (core/demo/*Scenario.cpp).
class tst_DemoStepReading : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsWhatAStepMeans_data()
    {
        QTest::addColumn<QString>("actor");
        QTest::addColumn<QString>("text");
        QTest::addColumn<Role>("role");
        QTest::addColumn<Action>("action");
        auto row = [](const char* name, const char* actor, const char* text, Role role, Action action) {
            QTest::newRow(name) << QString::fromUtf8(actor) << QString::fromUtf8(text) << role << action;
        };
        row("setnx won", "C1", "SETNX lockscope:demo:lock.foo 1795 -> 1", Role::Client, Action::Acquires);
        row("setnx lost", "C2", "SETNX lockscope:demo:lock.foo 1795 -> 0", Role::Client, Action::Refused);
        row("set nx ok", "C1", "SET lockscope:demo:t <token> NX PX 1500 -> OK (process 12, fence 1)",
            Role::Client, Action::Acquires);
        row("del", "C5", "DEL lockscope:demo:lock.foo -> 1", Role::Client, Action::Releases);
        row("get", "C4", "GET lockscope:demo:lock.foo -> 1795", Role::Client, Action::Other);
        row("crash while holding", "C3", "crashed holding the lock", Role::Client, Action::Crashes);
        row("killed", "C1", "killed (SIGKILL) in the middle of the job: no release", Role::Client,
            Action::Crashes);
        row("waits", "C2", "waits for the lock", Role::Client, Action::Waits);
        row("getset attempt", "C4", "sees the lock expired: tries GETSET", Role::Client, Action::Waits);
        row("start over", "C4", "the old value is a fresh timestamp: someone was faster; start over",
            Role::Client, Action::Refused);
        row("holds", "C5", "the old value was still expired: holds the lock", Role::Client, Action::Acquires);
        row("did not acquire", "C4", "did not acquire the lock", Role::Client, Action::Refused);
        row("gc pause", "C1", "stop-the-world GC pause...", Role::Client, Action::Pauses);
        row("wakes", "C1", "wakes up from the pause, still believing it holds the lock", Role::Client,
            Action::Resumes);
        row("stale write", "C1", "writes \"C1's stale value\" with fence 1 -> ACCEPTED", Role::Client,
            Action::Writes);
        row("lost", "C1", "release -> lost: the lease had expired", Role::Client, Action::Lost);
        row("greedy", "G", "releases and immediately asks again, 1500 ms of contention begins", Role::Client,
            Action::ReleasesAndWaits);
        row("redlock refused", "C1", "with 3 of 5 nodes down: refused: no majority", Role::Client,
            Action::Refused);
        row("node down", "N3", "stopped (3 of 5 down)", Role::Node, Action::NodeDown);
        row("node up", "N1", "sandbox redis-server up on 127.0.0.1:7001", Role::Node, Action::NodeUp);
        row("narration", "--", "Round 2: the resource checks fencing tokens.", Role::Narration,
            Action::Other);
        row("checker", "checker", "2 sections, 1 overlaps", Role::Narration, Action::Other);
    }

    void readsWhatAStepMeans()
    {
        QFETCH(QString, actor);
        QFETCH(QString, text);
        QFETCH(Role, role);
        QFETCH(Action, action);
        const DemoStepReading reading = DemoStepReading::of(actor, text);
        QCOMPARE(reading.role, role);
        QCOMPARE(reading.action, action);
    }
};

QTEST_MAIN(tst_DemoStepReading)
#include "tst_DemoStepReading.moc"
