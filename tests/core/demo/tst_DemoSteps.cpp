#include "demo/DemoCatalog.h"
#include "support/RedisTestCase.h"

#include <QtTest>

#include <algorithm>
#include <utility>
#include <vector>

using namespace lockscope;

// Each step of a contention demo says what happened as data (who, which action, the lock, the
// fence): the animated view draws it and no one reads the narration back. These are the
// stories told in that data, scenario by scenario.
class tst_DemoSteps : public test::RedisTestCase
{
    Q_OBJECT

    using Beat = std::pair<std::string, DemoAction>; // an actor and what it did

    std::vector<DemoTimeline::Step> play(const std::string& name)
    {
        auto scenario = DemoCatalog::find(name);
        if (!scenario)
            return {};
        if (!scenario->checkKinds())
            return {};
        DemoTimeline timeline;
        DemoContext context;
        context.connection = options();
        context.keyPrefix = "demo-steps:" + name + ":";
        auto outcome = scenario->run(context, timeline);
        if (!outcome)
            qWarning("%s", outcome.error().message.c_str());
        m_story = timeline.toText();
        return timeline.steps();
    }

    // The steps that change what the picture shows: no narration, remark or plain command.
    static std::vector<Beat> beats(const std::vector<DemoTimeline::Step>& steps)
    {
        std::vector<Beat> result;
        for (const auto& step : steps) {
            if (step.action != DemoAction::Narrate && step.action != DemoAction::Note
                && step.action != DemoAction::Command)
                result.emplace_back(step.actor, step.action);
        }
        return result;
    }

    static const DemoTimeline::Step* find(const std::vector<DemoTimeline::Step>& steps,
        const std::string& actor, DemoAction action, int nth = 0)
    {
        for (const auto& step : steps) {
            if (step.actor == actor && step.action == action && nth-- == 0)
                return &step;
        }
        return nullptr;
    }

    std::string m_story; // the last story played, in words, for a failure's message

private slots:
    void theNaiveRaceEndsWithTwoClientsAcquiringTheSameLock()
    {
        const auto steps = play("naive-race");
        const std::vector<Beat> expected {{"C3", DemoAction::Acquire}, {"C3", DemoAction::Crash},
            {"--", DemoAction::Expire}, {"C1", DemoAction::Refuse}, {"C2", DemoAction::Refuse},
            {"C1", DemoAction::Release}, {"C1", DemoAction::Acquire}, {"C1", DemoAction::Acquire},
            {"C2", DemoAction::Release}, {"C2", DemoAction::Acquire}, {"C2", DemoAction::Acquire},
            {"C1", DemoAction::Release}, {"C1", DemoAction::Release}, {"C2", DemoAction::Release}};
        QVERIFY2(beats(steps) == expected, m_story.c_str());
        // C3 crashed holding the lock the others then fight over.
        const auto* crash = find(steps, "C3", DemoAction::Crash);
        QVERIFY(crash);
        QVERIFY(QString::fromStdString(crash->lock).endsWith("lock.foo"));
        QCOMPARE(find(steps, "C2", DemoAction::Acquire)->lock, crash->lock);
    }

    void theGetsetRecoveryLetsOneClientWinEachRace()
    {
        const auto steps = play("getset-recovery");
        QVERIFY2(find(steps, "C3", DemoAction::Crash), m_story.c_str());
        // Staged: both find the expired lock and try GETSET; C5 is first and wins, C4 starts over.
        const auto getsets = std::count_if(steps.begin(), steps.end(),
            [](const auto& step) { return step.action == DemoAction::Command && step.command == "GETSET"; });
        QCOMPARE(getsets, 2);
        const std::vector<Beat> staged {{"C3", DemoAction::Crash}, {"C4", DemoAction::Refuse},
            {"C5", DemoAction::Refuse}, {"C4", DemoAction::Wait}, {"C5", DemoAction::Wait},
            {"C5", DemoAction::Acquire}, {"C4", DemoAction::Refuse}, {"C4", DemoAction::Refuse},
            {"C4", DemoAction::Wait}, {"C5", DemoAction::Release}};
        const auto story = beats(steps);
        QVERIFY2(story.size() == staged.size() + 2, m_story.c_str());
        QVERIFY2(std::equal(staged.begin(), staged.end(), story.begin()), m_story.c_str());
        // The real race: one acquires, the other is refused.
        const std::vector<DemoAction> raced {story[staged.size()].second, story[staged.size() + 1].second};
        QCOMPARE(std::count(raced.begin(), raced.end(), DemoAction::Acquire), 1);
        QCOMPARE(std::count(raced.begin(), raced.end(), DemoAction::Refuse), 1);
    }

    void aCrashedTokenHolderIsFollowedByAHigherFence()
    {
        const auto steps = play("token-crash");
        const std::vector<Beat> expected {{"C1", DemoAction::Acquire}, {"C2", DemoAction::Refuse},
            {"C1", DemoAction::Crash}, {"C2", DemoAction::Wait}, {"C2", DemoAction::Acquire}};
        QVERIFY2(beats(steps) == expected, m_story.c_str());
        const auto* first = find(steps, "C1", DemoAction::Acquire);
        const auto* second = find(steps, "C2", DemoAction::Acquire);
        QVERIFY(first->fence && second->fence);
        QVERIFY(*second->fence > *first->fence);
        QCOMPARE(find(steps, "C1", DemoAction::Crash)->lock, first->lock);
    }

    void fencingAcceptsTheStaleWriteOnlyWithoutFences()
    {
        const auto steps = play("fencing");
        auto round = [](DemoAction staleWrite) {
            return std::vector<Beat> {{"--", DemoAction::RoundBegins}, {"C1", DemoAction::Acquire},
                {"C1", DemoAction::Pause}, {"C2", DemoAction::Acquire}, {"C2", DemoAction::WriteAccepted},
                {"C2", DemoAction::Release}, {"C1", DemoAction::Wake}, {"C1", staleWrite},
                {"C1", DemoAction::Lost}, {"resource", DemoAction::ResourceState}};
        };
        auto expected = round(DemoAction::WriteAccepted);
        const auto fenced = round(DemoAction::WriteRejected);
        expected.insert(expected.end(), fenced.begin(), fenced.end());
        QVERIFY2(beats(steps) == expected, m_story.c_str());
        // The stale write carries C1's fence, below the one C2 wrote with.
        const auto* stale = find(steps, "C1", DemoAction::WriteRejected);
        const auto* fresh = find(steps, "C2", DemoAction::WriteAccepted, 1);
        QVERIFY(stale->fence && fresh->fence);
        QVERIFY(*stale->fence < *fresh->fence);
    }

    void theWatchdogsLockExpiresOnlyAfterItsHolderDies()
    {
        const auto steps = play("watchdog");
        const std::vector<Beat> expected {{"C1", DemoAction::Acquire}, {"C1", DemoAction::Crash},
            {"observer", DemoAction::Expire}, {"C2", DemoAction::Acquire}};
        QVERIFY2(beats(steps) == expected, m_story.c_str());
    }

    void theFairnessStoryHasTwoRoundsOfAGreedyClientAndThreeWaiters()
    {
        const auto steps = play("fair-vs-unfair");
        const std::vector<Beat> round {{"--", DemoAction::RoundBegins}, {"G", DemoAction::Acquire},
            {"W1", DemoAction::Wait}, {"W2", DemoAction::Wait}, {"W3", DemoAction::Wait},
            {"G", DemoAction::ReleaseAndAskAgain}, {"counts", DemoAction::RoundEnds}};
        auto expected = round;
        expected.insert(expected.end(), round.begin(), round.end());
        QVERIFY2(beats(steps) == expected, m_story.c_str());
    }

    void redlockIsRefusedOnceThreeOfItsFiveNodesAreDown()
    {
        const auto steps = play("redlock");
        std::vector<Beat> expected;
        for (const char* node : {"N1", "N2", "N3", "N4", "N5"})
            expected.emplace_back(node, DemoAction::NodeUp);
        for (const char* node : {"", "N1", "N2"}) {
            if (*node)
                expected.emplace_back(node, DemoAction::NodeDown);
            expected.emplace_back("C1", DemoAction::Acquire);
            expected.emplace_back("C1", DemoAction::Release);
        }
        expected.emplace_back("N3", DemoAction::NodeDown);
        expected.emplace_back("C1", DemoAction::Refuse);
        QVERIFY2(beats(steps) == expected, m_story.c_str());
    }

    void aFailoverGivesTheLockToTwoAndTheFenceRefusesTheStaleWrite()
    {
        const auto steps = play("failover");
        const std::vector<Beat> nodes {{"master", DemoAction::NodeUp}, {"replica", DemoAction::NodeUp}};
        std::vector<Beat> expected {{"--", DemoAction::RoundBegins}};
        expected.insert(expected.end(), nodes.begin(), nodes.end());
        // Without WAIT: C1 holds on the old master, C2 on the promoted replica; C2 writes first,
        // C1's write with the same fence is refused and its release finds no hold.
        const std::vector<Beat> lost {{"C1", DemoAction::Acquire}, {"C1", DemoAction::Pause},
            {"master", DemoAction::NodeDown}, {"replica", DemoAction::NodeUp}, {"C2", DemoAction::Acquire},
            {"C2", DemoAction::WriteAccepted}, {"C1", DemoAction::Wake}, {"C1", DemoAction::WriteRejected},
            {"C1", DemoAction::Lost}, {"resource", DemoAction::ResourceState}};
        expected.insert(expected.end(), lost.begin(), lost.end());
        // With WAIT 1: the unconfirmed hold is given up, the confirmed one survives the failover.
        expected.emplace_back("--", DemoAction::RoundBegins);
        expected.insert(expected.end(), nodes.begin(), nodes.end());
        const std::vector<Beat> kept {{"C1", DemoAction::Acquire}, {"C1", DemoAction::Release},
            {"C1", DemoAction::Acquire}, {"C1", DemoAction::Pause}, {"master", DemoAction::NodeDown},
            {"replica", DemoAction::NodeUp}, {"C2", DemoAction::Refuse}, {"C1", DemoAction::Wake},
            {"C1", DemoAction::WriteAccepted}, {"C1", DemoAction::Release},
            {"resource", DemoAction::ResourceState}};
        expected.insert(expected.end(), kept.begin(), kept.end());
        QVERIFY2(beats(steps) == expected, m_story.c_str());
    }
};

QTEST_GUILESS_MAIN(tst_DemoSteps)
#include "tst_DemoSteps.moc"
