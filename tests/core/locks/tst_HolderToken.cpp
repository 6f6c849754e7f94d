#include "locks/primitives/HolderToken.h"

#include <QtTest>

#include <sys/wait.h>
#include <unistd.h>

#include <mutex>
#include <regex>
#include <set>
#include <thread>
#include <vector>

using namespace lockscope;

// Tokens tell holds apart: a late release of an old hold must never match a newer one, in this
// thread, in other threads, or in a process forked from this one.
class tst_HolderToken : public QObject
{
    Q_OBJECT

private slots:
    void isThirtyTwoLowercaseHexDigits()
    {
        for (int i = 0; i < 100; ++i)
            QVERIFY(std::regex_match(HolderToken::generate(), std::regex("[0-9a-f]{32}")));
    }

    void neverRepeatsWithinAThread()
    {
        std::set<std::string> seen;
        for (int i = 0; i < 20000; ++i)
            QVERIFY(seen.insert(HolderToken::generate()).second);
    }

    void neverRepeatsAcrossThreads()
    {
        std::mutex mutex;
        std::set<std::string> seen;
        int repeats = 0;
        std::vector<std::thread> threads;
        for (int t = 0; t < 8; ++t) {
            threads.emplace_back([&] {
                std::vector<std::string> mine;
                for (int i = 0; i < 2000; ++i)
                    mine.push_back(HolderToken::generate());
                std::lock_guard guard(mutex);
                for (auto& token : mine)
                    repeats += seen.insert(std::move(token)).second ? 0 : 1;
            });
        }
        for (auto& thread : threads)
            thread.join();
        QCOMPARE(repeats, 0);
        QCOMPARE(seen.size(), size_t(16000));
    }

    void aForkedChildDrawsOtherTokensThanItsParent()
    {
        (void)HolderToken::generate(); // the parent now has random bytes in reserve
        int pipeFds[2];
        QCOMPARE(::pipe(pipeFds), 0);
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            const std::string token = HolderToken::generate();
            (void)!::write(pipeFds[1], token.data(), token.size());
            ::_exit(0);
        }
        ::close(pipeFds[1]);
        char buffer[32];
        size_t got = 0;
        while (got < sizeof buffer) {
            const ssize_t n = ::read(pipeFds[0], buffer + got, sizeof buffer - got);
            if (n <= 0)
                break;
            got += static_cast<size_t>(n);
        }
        ::close(pipeFds[0]);
        int status = 0;
        ::waitpid(child, &status, 0);
        QCOMPARE(got, sizeof buffer);
        const std::string childToken(buffer, got);
        const std::string parentToken = HolderToken::generate();
        QVERIFY2(childToken != parentToken, "the child handed out the parent's next token");
    }
};

QTEST_GUILESS_MAIN(tst_HolderToken)
#include "tst_HolderToken.moc"
