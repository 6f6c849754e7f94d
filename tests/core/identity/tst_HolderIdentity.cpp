#include "identity/HolderIdentifier.h"
#include "identity/IdentifiedListing.h"
#include "inspect/LockSnapshotJson.h"
#include "inspect/scan/MasterConnections.h"
#include "locks/ReentrantLock.h"
#include "support/LockTestHelpers.h"
#include "support/RedisTestCase.h"
#include "support/TestServerTraits.h"

#include <QtTest>

#include <atomic>
#include <thread>

using namespace lockscope;
using namespace std::chrono_literals;

namespace {

// Redisson's watchdog renewal: KEYS[1] the lock; ARGV the lease and the holder field.
const char* const redissonRenewal
    = "if (redis.call('hexists', KEYS[1], ARGV[2]) == 1) then redis.call('pexpire', KEYS[1], ARGV[1]); "
      "return 1; end; return 0;";
// node-redlock's and most token libraries' extension: compare the value, set the TTL.
const char* const tokenExtension = "if redis.call('get', KEYS[1]) == ARGV[1] then return "
                                   "redis.call('pexpire', KEYS[1], ARGV[2]) end return 0";

// A connection named `name` that sends `command` every 100 ms on a thread of its own until it
// is destroyed, as a library's renewal does.
class Renewer
{
public:
    Renewer(const ConnectionOptions& options, const std::string& role, RedisCommand command)
    {
        ConnectionOptions named = options;
        named.clientRole = role;
        auto connected = RedisConnection::connect(named);
        if (connected)
            m_connection = std::move(connected.value());
        m_thread = std::thread([this, command] {
            while (!m_stop && m_connection) {
                if (m_connection->command(command))
                    ++m_sent;
                std::this_thread::sleep_for(100ms);
            }
        });
    }
    ~Renewer() { stop(); }
    void stop()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
    }
    // Closes the connection: the holder's process died.
    void die()
    {
        stop();
        m_connection.reset();
    }
    long long sent() const { return m_sent; }

private:
    std::unique_ptr<RedisConnection> m_connection;
    std::thread m_thread;
    std::atomic<bool> m_stop {false};
    std::atomic<long long> m_sent {0};
};

SampleOptions sampleFor(std::chrono::milliseconds duration)
{
    SampleOptions options;
    options.duration = duration;
    return options;
}

const LockSnapshot* lockNamed(const std::vector<LockSnapshot>& locks, const std::string& name)
{
    for (const auto& lock : locks) {
        if (lock.name == name)
            return &lock;
    }
    return nullptr;
}

const HolderIdentification& identityOf(const LockSnapshot* lock)
{
    static const HolderIdentification none;
    return lock && !lock->holders.empty() ? lock->holders.front().identity.get() : none;
}

} // namespace

class tst_HolderIdentity : public test::RedisTestCase
{
    Q_OBJECT

    IdentifiedListing identified(const ConnectionOptions& connection, std::chrono::milliseconds duration)
    {
        auto listing = IdentifiedListing::list(connection, InspectOptions {}, sampleFor(duration));
        if (!listing)
            qWarning("listing failed: %s", listing.error().toString().c_str());
        return listing ? std::move(*listing) : IdentifiedListing {};
    }

    void addRedissonLock(const std::string& name, const std::string& field)
    {
        QVERIFY(run({"HSET", name, field, "1"}));
        QVERIFY(run({"PEXPIRE", name, "60000"}));
    }

private slots:
    void init() { QVERIFY(run({"FLUSHALL"})); }

    void aLockRenewedByItsWatchdogNamesTheHoldersConnectionAndThread()
    {
        ConnectionOptions service = options();
        service.clientRole = "orders-service";
        ReentrantLock lock(service, "orders:rebuild");
        AcquireOptions acquire = test::tryOnce(1500ms); // renewed every 500 ms
        acquire.watchdog = true;
        QVERIFY(lock.acquire(acquire)->acquired());

        const auto listing = identified(options(), 10s);
        QCOMPARE(listing.samples.size(), size_t(1));
        QCOMPARE(listing.samples.front().end, SampleEnd::Satisfied);
        const HolderIdentification& who = identityOf(lockNamed(listing.result.locks, "orders:rebuild"));
        QCOMPARE(who.source, IdentitySource::Sample);
        QCOMPARE(who.name, std::string("lockscope:orders-service:watchdog")); // the watchdog's connection
        QVERIFY(who.addr.starts_with("127.0.0.1:"));
        QCOMPARE(
            who.thread, lockNamed(listing.result.locks, "orders:rebuild")->holders.front().threadId.get());
        QVERIFY(who.sinceMs.has_value());
        QVERIFY(listing.notes.empty());
    }

    void oneClientUuidNamesEveryLockOfThatClient()
    {
        const std::string client = "22bc724a-4adb-48e6-9145-5cc0ae2771aa";
        addRedissonLock("report:nightly", client + ":88");
        addRedissonLock("report:weekly", client + ":91");
        // Only the first lock is renewed during the sample.
        Renewer renewer(
            options(), "billing", {"EVAL", redissonRenewal, "1", "report:nightly", "60000", client + ":88"});

        const auto listing = identified(options(), 10s);
        for (const char* name : {"report:nightly", "report:weekly"}) {
            const HolderIdentification& who = identityOf(lockNamed(listing.result.locks, name));
            QCOMPARE(who.name, std::string("lockscope:billing"));
            QCOMPARE(who.source, IdentitySource::Sample);
        }
        QCOMPARE(identityOf(lockNamed(listing.result.locks, "report:weekly")).thread, std::string("91"));
    }

    void aTokenLockIsNamedByTheConnectionThatExtendsIt()
    {
        const std::string token = "8f14e45fceea167a5a36dedd4bea2543";
        QVERIFY(run({"SET", "lock:export", token, "PX", "60000"}));
        QVERIFY(run({"SET", "lock:other", "c9f0f895fb98ab9159f51fd0297e236d", "PX", "60000"}));
        Renewer renewer(
            options(), "export-worker", {"EVAL", tokenExtension, "1", "lock:export", token, "60000"});

        const auto listing = identified(options(), 3s);
        QCOMPARE(identityOf(lockNamed(listing.result.locks, "lock:export")).name,
            std::string("lockscope:export-worker"));
        // A lock nobody renewed during the sample: asked, not known.
        QCOMPARE(identityOf(lockNamed(listing.result.locks, "lock:other")).source, IdentitySource::Unknown);
        QCOMPARE(listing.samples.front().end, SampleEnd::Elapsed);
    }

    void aReadOnlyConnectionIdentifiesHoldersToo()
    {
        // Nothing here writes: MONITOR, CLIENT LIST and INFO pass the read-only policy.
        const std::string token = "aab3238922bcc25a6f606eb525ffdc56";
        QVERIFY(run({"SET", "lock:readonly", token, "PX", "60000"}));
        Renewer renewer(
            options(), "reporting", {"EVAL", tokenExtension, "1", "lock:readonly", token, "60000"});
        ConnectionOptions readOnly = options();
        readOnly.readOnly = true;
        const auto listing = identified(readOnly, 10s);
        QCOMPARE(identityOf(lockNamed(listing.result.locks, "lock:readonly")).name,
            std::string("lockscope:reporting"));
        QVERIFY(listing.notes.empty());
    }

    void aHolderWhoseConnectionClosedWhileItsLockStaysLeavesTheLockStuck()
    {
        const std::string token = "45c48cce2e2d7fbdea1afc51c7c6ad26";
        QVERIFY(run({"SET", "lock:orphan", token})); // no TTL: nothing but its holder frees it
        auto renewer = std::make_unique<Renewer>(options(), "nightly-job",
            RedisCommand {"EVAL", tokenExtension, "1", "lock:orphan", token, "600000"});

        auto masters = MasterConnections::open(options());
        QVERIFY(masters);
        const auto target = masters->targets().front();
        auto before = LockInspector::inspect({target}, {});
        HolderIdentifier identifier;
        auto monitor = masters->openAnother(target.node);
        QVERIFY(monitor);
        QCOMPARE(identifier.sample(**monitor, *target.connection, before.locks, sampleFor(10s)).end,
            SampleEnd::Satisfied);

        renewer->die();
        auto after = LockInspector::inspect({target}, {});
        identifier.attach(*target.connection, after.locks);
        const LockSnapshot* lock = lockNamed(after.locks, "lock:orphan");
        QVERIFY(lock);
        const HolderIdentification& who = identityOf(lock);
        QCOMPARE(who.name, std::string("lockscope:nightly-job")); // remembered from before it left
        QVERIFY(who.connectionClosedAtMs.has_value());
        QVERIFY(lock->stuck);
        QVERIFY(lock->stuckReason.get().english().find("holder's connection closed at") != std::string::npos);
    }

    void anAclThatForbidsMonitorLeavesHoldersUnknownWithOneReason()
    {
        RedisCommand user {"ACL", "SETUSER", "no-monitor", "on", ">pw", "~*", "+@all", "-monitor"};
        if (test::TestServerTraits::ofPathServer().aclChannelRules)
            user.push_back("&*");
        QVERIFY(run(user));
        QVERIFY(run({"SET", "lock:a", "0123456789abcdef0123456789abcdef", "PX", "60000"}));
        QVERIFY(run({"SET", "lock:b", "fedcba9876543210fedcba9876543210", "PX", "60000"}));
        ConnectionOptions limited = options();
        limited.user = "no-monitor";
        limited.password = "pw";
        limited.hasPassword = true;

        const auto listing = identified(limited, 5s);
        QCOMPARE(listing.result.locks.size(), size_t(2));
        QVERIFY(listing.result.failures.empty());
        QCOMPARE(listing.notes.size(), size_t(1));
        QVERIFY(listing.notes.front().english().find("refused MONITOR") != std::string::npos);
        for (const auto& lock : listing.result.locks)
            QCOMPARE(identityOf(&lock).source, IdentitySource::Unknown);
    }

    void anAclThatForbidsClientListLeavesTheAddressWithoutANameAndSaysWhyOnce()
    {
        RedisCommand user {"ACL", "SETUSER", "no-client", "on", ">pw", "~*", "+@all", "-client"};
        if (test::TestServerTraits::ofPathServer().aclChannelRules)
            user.push_back("&*");
        QVERIFY(run(user));
        const std::string token = "6512bd43d9caa6e02c990b0a82652dca";
        QVERIFY(run({"SET", "lock:c", token, "PX", "60000"}));
        Renewer renewer(
            options(), "named-but-unseen", {"EVAL", tokenExtension, "1", "lock:c", token, "60000"});
        ConnectionOptions limited = options();
        limited.user = "no-client";
        limited.password = "pw";
        limited.hasPassword = true;

        const auto listing = identified(limited, 10s);
        const HolderIdentification& who = identityOf(lockNamed(listing.result.locks, "lock:c"));
        QCOMPARE(who.source, IdentitySource::Sample);
        QVERIFY(who.addr.starts_with("127.0.0.1:"));
        QVERIFY(who.name.empty());
        QVERIFY(!who.connectionClosedAtMs); // a refused reading proves no connection gone
        QCOMPARE(listing.notes.size(), size_t(1));
        QVERIFY(listing.notes.front().english().find("CLIENT LIST refused") != std::string::npos);
    }

    void aSampleCutShortKeepsWhatItLearned()
    {
        const std::string token = "d3d9446802a44259755d38e6d163e820";
        QVERIFY(run({"SET", "lock:cut", token, "PX", "60000"}));
        auto monitor = connection();
        IdentityLedger ledger;
        SampleReport report;
        std::thread sampling([&] {
            report = CommandSample::run(
                *monitor, *m_redis, [](std::string_view key) { return key == "lock:cut"; }, ledger,
                sampleFor(30s));
        });
        // Once the sample watches, the holder renews; then the sample's connection is killed.
        auto helper = connection();
        QVERIFY(test::eventually([&] {
            auto clients = helper->command({"CLIENT", "LIST"});
            return clients && clients->text().find("cmd=monitor") != std::string::npos;
        }));
        auto holder = connection();
        QVERIFY(holder->command({"EVAL", tokenExtension, "1", "lock:cut", token, "60000"}));
        // The renewal reached the monitor before this reading did (one server, commands in order).
        auto clients = helper->command({"CLIENT", "LIST"});
        QVERIFY(clients);
        long long monitorId = 0;
        for (const auto& client : ClientList::parse(clients->text()).clients) {
            if (client.cmd == "monitor")
                monitorId = client.id;
        }
        QVERIFY(monitorId > 0);
        QVERIFY(helper->command({"CLIENT", "KILL", "ID", std::to_string(monitorId)}));
        sampling.join();
        QCOMPARE(report.end, SampleEnd::Cut);
        QVERIFY(ledger.valueOn(token, {"lock:cut"}));
        QVERIFY(!report.why().empty());
    }

    void aServerBusierThanTheThresholdIsNotSampledUnlessInsisted()
    {
        auto monitor = connection();
        IdentityLedger ledger;
        SampleOptions busy = sampleFor(300ms);
        busy.busyOpsPerSecond = -1; // any load is too much
        auto report = CommandSample::run(
            *monitor, *m_redis, [](std::string_view) { return true; }, ledger, busy);
        QCOMPARE(report.end, SampleEnd::Busy);
        QVERIFY(report.why().english().find("commands a second") != std::string::npos);
        busy.insist = true;
        QCOMPARE(CommandSample::run(
                     *connection(), *m_redis, [](std::string_view) { return true; }, ledger, busy)
                     .end,
            SampleEnd::Elapsed);
    }

    void aValueThatNamesItsHostNamesTheHolderWithoutASample()
    {
        QVERIFY(
            run({"SET", "job-lock:default:nightly", "ADDED:2026-01-02T03:04:05.678Z@host-7", "PX", "60000"}));
        QVERIFY(run({"SET", "resque:resque_scheduler_leader_lock", "scheduler-host-1", "EX", "180"}));
        QVERIFY(run(
            {"SET", "resque:resque_scheduler_master_lock", "worker-3.example.internal:4242", "EX", "180"}));
        auto masters = MasterConnections::open(options());
        QVERIFY(masters);
        const auto locks = LockInspector::inspect(masters->targets(), {}).locks;
        const HolderIdentification& shed = identityOf(lockNamed(locks, "job-lock:default:nightly"));
        QCOMPARE(shed.name, std::string("host-7"));
        QCOMPARE(shed.source, IdentitySource::Value);
        QCOMPARE(shed.sinceMs, std::optional<long long>(1767323045678LL));
        QCOMPARE(identityOf(lockNamed(locks, "resque:resque_scheduler_leader_lock")).name,
            std::string("scheduler-host-1"));
        const HolderIdentification& resque
            = identityOf(lockNamed(locks, "resque:resque_scheduler_master_lock"));
        QCOMPARE(resque.name, std::string("worker-3.example.internal"));
        QCOMPARE(resque.process, std::string("4242"));
    }

    void theJsonOfAHolderCarriesItsIdentity()
    {
        LockSnapshot lock;
        lock.name = "lock:a";
        LockHolder holder;
        holder.owner = "token";
        HolderIdentification who;
        who.name = "orders-service";
        who.addr = "10.0.0.5:51234";
        who.libName = "ioredis";
        who.libVer = "5.4.1";
        who.sinceMs = 1700000000000;
        who.source = IdentitySource::Sample;
        holder.identity = who;
        lock.holders.push_back(holder);
        const std::string json = LockSnapshotJson::toString(lock, "");
        QVERIFY(
            json.find("\"identity\":{\"name\":\"orders-service\",\"addr\":\"10.0.0.5:51234\",\"lib_name\":"
                      "\"ioredis\",\"lib_ver\":\"5.4.1\",\"since\":1700000000000,\"source\":\"sample\"}")
            != std::string::npos);
        QCOMPARE(who.shortText(), std::string("orders-service \xC2\xB7 10.0.0.5"));
    }
};

QTEST_GUILESS_MAIN(tst_HolderIdentity)
#include "tst_HolderIdentity.moc"
