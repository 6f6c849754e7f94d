#include "redis/SigpipeBlocker.h"

#include <QtTest>

#include <cerrno>
#include <pthread.h>
#include <unistd.h>

using namespace lockscope;

namespace {
bool sigpipeBlocked()
{
    sigset_t mask;
    pthread_sigmask(SIG_BLOCK, nullptr, &mask);
    return sigismember(&mask, SIGPIPE) == 1;
}
bool sigpipePending()
{
    sigset_t pending;
    sigpending(&pending);
    return sigismember(&pending, SIGPIPE) == 1;
}
} // namespace

// TLS writes go through OpenSSL's write(), which would kill a process that does not ignore
// SIGPIPE; this test process keeps the default disposition (terminate) on purpose.
class tst_SigpipeBlocker : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(signal(SIGPIPE, SIG_DFL) != SIG_ERR); }

    void aWriteToAClosedPipeFailsWithEpipeInsteadOfKillingTheProcess()
    {
        int fds[2];
        QCOMPARE(pipe(fds), 0);
        ::close(fds[0]);
        ssize_t written = 0;
        int writeErrno = 0;
        {
            SigpipeBlocker blocker;
            written = ::write(fds[1], "x", 1);
            writeErrno = errno;
        }
        ::close(fds[1]);
        QCOMPARE(written, ssize_t(-1));
        QCOMPARE(writeErrno, EPIPE);
        QVERIFY(!sigpipePending()); // discarded, not delivered later
    }

    void restoresTheSignalMaskItFound()
    {
        QVERIFY(!sigpipeBlocked());
        {
            SigpipeBlocker blocker;
            QVERIFY(sigpipeBlocked());
        }
        QVERIFY(!sigpipeBlocked());
    }

    void keepsErrnoOfTheGuardedCall()
    {
        {
            SigpipeBlocker blocker;
            errno = EAGAIN;
        }
        QCOMPARE(errno, EAGAIN);
    }
};

QTEST_GUILESS_MAIN(tst_SigpipeBlocker)
#include "tst_SigpipeBlocker.moc"
