#include "locks/ReadWriteLock.h"
#include "support/LockTestHelpers.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <future>
#include <thread>

using namespace lockscope;
using namespace std::chrono_literals;

using test::eventually;
using test::tryOnce;
using test::waitUpTo;

class tst_ReadWriteLock : public test::RedisTestCase
{
    Q_OBJECT

    std::string hget(const std::string& key, const std::string& field)
    {
        auto reply = m_redis->command({"HGET", key, field});
        return reply->isNil() ? "(nil)" : reply->text();
    }

private slots:
    void readHoldWritesRedissonsFormat()
    {
        ReadLock reader(options(), "rw-format");
        QVERIFY(reader.acquire(tryOnce(20s))->acquired());
        QCOMPARE(hget("rw-format", "mode"), std::string("read"));
        QCOMPARE(hget("rw-format", reader.holderId()), std::string("1"));
        const std::string timeoutKey = "{rw-format}:" + reader.holderId() + ":rwlock_timeout:1";
        QCOMPARE(m_redis->command({"GET", timeoutKey})->text(), std::string("1"));
        QVERIFY(m_redis->command({"PTTL", timeoutKey})->integer() > 15000);
        QCOMPARE(*reader.release(), HoldOutcome::Done);
        QCOMPARE(m_redis->command({"EXISTS", "rw-format", timeoutKey})->integer(), 0LL);
    }

    void writeHoldWritesRedissonsFormat()
    {
        WriteLock writer(options(), "rw-format-write");
        QVERIFY(writer.acquire(tryOnce())->acquired());
        QCOMPARE(hget("rw-format-write", "mode"), std::string("write"));
        QVERIFY(QString::fromStdString(writer.holderId()).endsWith(":write"));
        QCOMPARE(hget("rw-format-write", writer.holderId()), std::string("1"));
        QCOMPARE(*writer.release(), HoldOutcome::Done);
        QCOMPARE(m_redis->command({"EXISTS", "rw-format-write"})->integer(), 0LL);
    }

    void unlockNoticesAreRedissonsMessages()
    {
        auto listener = test::connectTo(*m_server);
        QVERIFY(listener);
        QVERIFY(listener->send({"SUBSCRIBE", "redisson_rwlock:{rw-notices}"}).ok());
        QVERIFY(listener->readReply(5s).ok());
        WriteLock writer(options(), "rw-notices");
        QVERIFY(writer.acquire(tryOnce())->acquired());
        QCOMPARE(*writer.release(), HoldOutcome::Done);
        auto afterWrite = listener->readReply(5s);
        QVERIFY(afterWrite.ok());
        QCOMPARE(afterWrite->at(2).text(), std::string("1"));
        ReadLock reader(options(), "rw-notices");
        QVERIFY(reader.acquire(tryOnce())->acquired());
        QCOMPARE(*reader.release(), HoldOutcome::Done);
        auto afterRead = listener->readReply(5s);
        QVERIFY(afterRead.ok());
        QCOMPARE(afterRead->at(2).text(), std::string("0"));
    }

    void aReadHoldWrittenAsRedissonWritesItAdmitsReadersAndBlocksWriters()
    {
        const std::string redissonReader = "7f6e5d4c-3b2a-4190-8a7b-6c5d4e3f2a10:5";
        QVERIFY(m_redis->command({"HSET", "rw-redisson", "mode", "read", redissonReader, "1"}).ok());
        QVERIFY(m_redis
                    ->command(
                        {"SET", "{rw-redisson}:" + redissonReader + ":rwlock_timeout:1", "1", "PX", "30000"})
                    .ok());
        QVERIFY(m_redis->command({"PEXPIRE", "rw-redisson", "30000"}).ok());
        WriteLock writer(options(), "rw-redisson");
        QCOMPARE(writer.acquire(tryOnce())->outcome, AcquireOutcome::TimedOut);
        ReadLock reader(options(), "rw-redisson");
        QVERIFY(reader.acquire(tryOnce())->acquired());
        QCOMPARE(*reader.release(), HoldOutcome::Done);
        // Redisson's reader is still there, its hash kept alive by its timeout key.
        QCOMPARE(hget("rw-redisson", redissonReader), std::string("1"));
        QVERIFY(m_redis->command({"PTTL", "rw-redisson"})->integer() > 20000);
        QVERIFY(
            m_redis->command({"DEL", "rw-redisson", "{rw-redisson}:" + redissonReader + ":rwlock_timeout:1"})
                .ok());
    }

    void manyReadersHoldTogether()
    {
        std::vector<std::unique_ptr<ReadLock>> readers;
        for (int i = 0; i < 5; ++i) {
            readers.push_back(std::make_unique<ReadLock>(options(), "rw-shared"));
            QVERIFY(readers.back()->acquire(tryOnce())->acquired());
        }
        QCOMPARE(m_redis->command({"HLEN", "rw-shared"})->integer(), 6LL); // mode + 5 readers
        for (auto& reader : readers)
            QCOMPARE(*reader->release(), HoldOutcome::Done);
        QCOMPARE(m_redis->command({"EXISTS", "rw-shared"})->integer(), 0LL);
    }

    void writerExcludesReadersAndWriters()
    {
        WriteLock writer(options(), "rw-exclusive");
        QVERIFY(writer.acquire(tryOnce())->acquired());
        ReadLock reader(options(), "rw-exclusive");
        WriteLock otherWriter(options(), "rw-exclusive");
        QCOMPARE(reader.acquire(tryOnce())->outcome, AcquireOutcome::TimedOut);
        QCOMPARE(otherWriter.acquire(tryOnce())->outcome, AcquireOutcome::TimedOut);
        QCOMPARE(*writer.release(), HoldOutcome::Done);
        QVERIFY(reader.acquire(tryOnce())->acquired());
        QCOMPARE(*reader.release(), HoldOutcome::Done);
    }

    void readersExcludeAWriter()
    {
        ReadLock first(options(), "rw-readers-first");
        ReadLock second(options(), "rw-readers-first");
        QVERIFY(first.acquire(tryOnce())->acquired());
        QVERIFY(second.acquire(tryOnce())->acquired());
        WriteLock writer(options(), "rw-readers-first");
        QCOMPARE(writer.acquire(tryOnce())->outcome, AcquireOutcome::TimedOut);
        QCOMPARE(*first.release(), HoldOutcome::Done);
        QCOMPARE(writer.acquire(tryOnce())->outcome, AcquireOutcome::TimedOut); // one reader left
        QCOMPARE(*second.release(), HoldOutcome::Done);
        QVERIFY(writer.acquire(tryOnce())->acquired());
        QCOMPARE(*writer.release(), HoldOutcome::Done);
    }

    void waitingWriterIsWokenWhenTheLastReaderLeaves()
    {
        ReadLock reader(options(), "rw-wake-writer");
        QVERIFY(reader.acquire(tryOnce(60s))->acquired());
        WriteLock writer(options(), "rw-wake-writer");
        auto waiting = std::async(std::launch::async, [&] {
            auto result = writer.acquire(waitUpTo(20s));
            return std::make_pair(result.ok() && result->acquired(), Clock::now());
        });
        QVERIFY(eventually([&] {
            return m_redis->command({"PUBSUB", "NUMSUB", "redisson_rwlock:{rw-wake-writer}"})
                       ->at(1)
                       .toInteger()
                == 1LL;
        }));
        std::this_thread::sleep_for(200ms);
        const auto releasedAt = Clock::now();
        QCOMPARE(*reader.release(), HoldOutcome::Done);
        auto [acquired, at] = waiting.get();
        QVERIFY(acquired);
        QVERIFY(at - releasedAt < 500ms);
        QCOMPARE(*writer.release(), HoldOutcome::Done);
    }

    void waitingReaderIsWokenWhenTheWriterLeaves()
    {
        WriteLock writer(options(), "rw-wake-reader");
        QVERIFY(writer.acquire(tryOnce(60s))->acquired());
        ReadLock reader(options(), "rw-wake-reader");
        auto waiting = std::async(std::launch::async, [&] { return reader.acquire(waitUpTo(20s)); });
        QVERIFY(eventually([&] {
            return m_redis->command({"PUBSUB", "NUMSUB", "redisson_rwlock:{rw-wake-reader}"})
                       ->at(1)
                       .toInteger()
                == 1LL;
        }));
        QCOMPARE(*writer.release(), HoldOutcome::Done);
        auto result = waiting.get();
        QVERIFY(result.ok() && result->acquired());
        QCOMPARE(*reader.release(), HoldOutcome::Done);
    }

    void readReentryCountsUpAndDown()
    {
        ReadLock reader(options(), "rw-read-reentry");
        QVERIFY(reader.acquire(tryOnce())->acquired());
        QVERIFY(reader.acquire(tryOnce())->acquired());
        QCOMPARE(hget("rw-read-reentry", reader.holderId()), std::string("2"));
        const std::string prefix = "{rw-read-reentry}:" + reader.holderId() + ":rwlock_timeout:";
        QCOMPARE(m_redis->command({"EXISTS", prefix + "1", prefix + "2"})->integer(), 2LL);
        QCOMPARE(*reader.release(), HoldOutcome::Done);
        QCOMPARE(hget("rw-read-reentry", reader.holderId()), std::string("1"));
        QCOMPARE(m_redis->command({"EXISTS", prefix + "2"})->integer(), 0LL);
        QCOMPARE(*reader.release(), HoldOutcome::Done);
        QCOMPARE(m_redis->command({"EXISTS", "rw-read-reentry", prefix + "1"})->integer(), 0LL);
    }

    void writeReentryCountsUpAndDown()
    {
        WriteLock writer(options(), "rw-write-reentry");
        QVERIFY(writer.acquire(tryOnce())->acquired());
        QVERIFY(writer.acquire(tryOnce())->acquired());
        QCOMPARE(hget("rw-write-reentry", writer.holderId()), std::string("2"));
        QCOMPARE(*writer.release(), HoldOutcome::Done);
        QCOMPARE(hget("rw-write-reentry", writer.holderId()), std::string("1"));
        QCOMPARE(*writer.release(), HoldOutcome::Done);
        QCOMPARE(m_redis->command({"EXISTS", "rw-write-reentry"})->integer(), 0LL);
    }

    void writerDowngradesToAReader()
    {
        ReadWriteLock rw(options(), "rw-downgrade");
        QVERIFY(rw.writeLock().acquire(tryOnce())->acquired());
        QVERIFY(rw.readLock().acquire(tryOnce())->acquired()); // the writer may read
        QCOMPARE(*rw.writeLock().release(), HoldOutcome::Done);
        QCOMPARE(hget("rw-downgrade", "mode"), std::string("read"));
        QVERIFY(*rw.readLock().isHeld());
        QVERIFY(!*rw.writeLock().isHeld());
        // Now an ordinary read hold: other readers join, writers wait.
        ReadLock otherReader(options(), "rw-downgrade");
        QVERIFY(otherReader.acquire(tryOnce())->acquired());
        WriteLock otherWriter(options(), "rw-downgrade");
        QCOMPARE(otherWriter.acquire(tryOnce())->outcome, AcquireOutcome::TimedOut);
        QCOMPARE(*otherReader.release(), HoldOutcome::Done);
        QCOMPARE(*rw.readLock().release(), HoldOutcome::Done);
        QCOMPARE(m_redis->command({"EXISTS", "rw-downgrade"})->integer(), 0LL);
    }

    void readerCannotUpgrade()
    {
        ReadWriteLock rw(options(), "rw-no-upgrade");
        QVERIFY(rw.readLock().acquire(tryOnce())->acquired());
        QCOMPARE(rw.writeLock().acquire(tryOnce())->outcome, AcquireOutcome::TimedOut);
        QCOMPARE(*rw.readLock().release(), HoldOutcome::Done);
    }

    void expiredReadHoldStopsCountingWhileOthersLive()
    {
        ReadLock shortReader(options(), "rw-expiring");
        ReadLock longReader(options(), "rw-expiring");
        QVERIFY(shortReader.acquire(tryOnce(200ms))->acquired());
        QVERIFY(longReader.acquire(tryOnce(30s))->acquired());
        std::this_thread::sleep_for(300ms);
        // The short reader's hold expired; the hash lives on with the longer lease.
        QCOMPARE(m_redis->command({"EXISTS", "{rw-expiring}:" + shortReader.holderId() + ":rwlock_timeout:1"})
                     ->integer(),
            0LL);
        QCOMPARE(*longReader.release(), HoldOutcome::Done);
        QCOMPARE(m_redis->command({"EXISTS", "rw-expiring"})->integer(), 0LL);
    }

    void watchdogRenewsReadHolds()
    {
        ReadLock reader(options(), "rw-watched");
        AcquireOptions watched = tryOnce(600ms);
        watched.watchdog = true;
        QVERIFY(reader.acquire(watched)->acquired());
        std::this_thread::sleep_for(1500ms);
        QVERIFY(*reader.isHeld());
        QVERIFY(
            m_redis->command({"EXISTS", "{rw-watched}:" + reader.holderId() + ":rwlock_timeout:1"})->integer()
            == 1);
        QVERIFY(reader.renewalState()->renewals() >= 3);
        QCOMPARE(*reader.release(), HoldOutcome::Done);
    }

    void fencesIncreaseAcrossReadAndWriteHolds()
    {
        long long last = 0;
        for (int i = 0; i < 3; ++i) {
            WriteLock writer(options(), "rw-fenced");
            auto w = writer.acquire(tryOnce());
            QVERIFY(w.ok() && w->fence && *w->fence > last);
            last = *w->fence;
            QCOMPARE(*writer.release(), HoldOutcome::Done);
            ReadLock reader(options(), "rw-fenced");
            auto r = reader.acquire(tryOnce());
            QVERIFY(r.ok() && r->fence && *r->fence > last);
            last = *r->fence;
            QCOMPARE(*reader.release(), HoldOutcome::Done);
        }
    }
};

QTEST_GUILESS_MAIN(tst_ReadWriteLock)
#include "tst_ReadWriteLock.moc"
