#include "inspect/recognizers/SimpleLockFormats.h"

#include <array>

namespace lockscope {

namespace {

// One row a format, in claiming order among themselves (the catalogue places them all at one
// point of its order). What each library writes, read from its own source, is said above its row.
const std::array formats {
    // BullMQ's job locks (node): SET <prefix>:<queue>:<jobId>:lock <workerId>:<n> PX lockDuration,
    // renewed every lockDuration/2 by the worker processing the job. Nobody waits for it: while
    // it is held the job is being processed. Released by force, the stalled-job checker moves
    // the job back to wait (or to failed), so it may run twice.
    SimpleLockFormat {.name = "bullmq",
        .library = LockLibrary::BullMQ,
        .suffix = ":lock",
        .nameRule = NameRule::QueueAndJob,
        .value = ValueShape::WorkerUuidCounter,
        .confidence = 0.95,
        .reason = {LOCKSCOPE_TEXT(
            "SimpleLockFormats", "<prefix>:<queue>:<job>:lock holding <worker>:<n>: a BullMQ job lock")},
        .note = {LOCKSCOPE_TEXT("SimpleLockFormats", "job %1 of queue %2 is being processed by worker %3")},
        .releaseWarning = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "BullMQ will treat this job as stalled: it goes back to wait (or to failed) and may run twice "
            "while its worker is still processing it")},
        .sampleKey = "bull:emails:1337:lock",
        .sampleWords = "BullMQ job lock"},
    // php-lock/lock (malkusch; RedisMutex, PHPRedisMutex, PredisMutex): SET
    // php-malkusch-lock:<name> <64 hex> NX PX (timeout + 1 s); the token is random bytes and an
    // md5 in hex and never starts with 0. Released by compare-and-delete; waiters spin.
    SimpleLockFormat {.name = "php-lock",
        .library = LockLibrary::PhpLock,
        .prefix = "php-malkusch-lock:",
        .value = ValueShape::Hex64NoLeadingZero,
        .confidence = 0.95,
        .reason = {LOCKSCOPE_TEXT(
            "SimpleLockFormats", "php-malkusch-lock:<name> holding a 64-hex token: php-lock/lock")},
        .sampleKey = "php-malkusch-lock:pdf-export",
        .sampleTtlMs = 31000,
        .sampleWords = "php-lock"},
    // RedLock.net (.NET; RedisKeyFormat "redlock:{0}", Guid.NewGuid()) and pottery's Redlock
    // (Python; prefix `redlock`, uuid4): SET redlock:<resource> <uuid> NX PX. The two write the
    // same key and value and release alike (compare-and-delete), so they are not told apart.
    // Waiters retry.
    SimpleLockFormat {.name = "redlock-net-pottery",
        .library = LockLibrary::RedLockNetOrPottery,
        .prefix = "redlock:",
        .value = ValueShape::Uuid,
        .confidence = 0.9,
        .reason = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "redlock:<resource> holding a UUID: RedLock.net or pottery (same layout, same release)")},
        .sampleKey = "redlock:payout-batch",
        .sampleTtlMs = 45000,
        .sampleWords = "RedLock.net or pottery"},
    // python-redis-lock (ionelmc, `redis_lock`): SET lock:<name> <id> NX EX expire, the id 24
    // characters of unpadded base64 (18 random bytes); no TTL when expire=None, the default.
    // Waiters BLPOP the list lock-signal:<name>; the release compares the id, deletes the lock,
    // empties the list, pushes one element and lets the list expire in 1 s (signal_expire): one
    // push wakes one waiter. A signal list with nobody holding the lock is a leftover: the next
    // waiter will not block.
    SimpleLockFormat {.name = "python-redis-lock",
        .library = LockLibrary::PythonRedisLock,
        .prefix = "lock:",
        .value = ValueShape::Base64Unpadded24,
        .confidence = 0.85,
        .reason = {LOCKSCOPE_TEXT(
            "SimpleLockFormats", "lock:<name> holding a 24-character base64 id: python-redis-lock")},
        .noTtlNote = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "no TTL (expire=None, the default): this lock never expires by itself; if its holder is gone, "
            "only a release frees it")},
        .wakeListPrefix = "lock-signal:",
        .wakeListExpireMs = 1000,
        .sampleKey = "lock:resize-images",
        .sampleTtlMs = 120000,
        .sampleWords = "python-redis-lock"},
    // The npm package `redis-lock` (errorception): SET lock.<name> <Date.now()+timeout+1> PX
    // timeout NX. Unlike the legacy SETNX lock, the timestamp is only its expiry, kept with a
    // real TTL; the value names no holder, and the library's own release deletes without
    // comparing. Waiters retry every 50 ms.
    SimpleLockFormat {.name = "npm-redis-lock",
        .library = LockLibrary::NpmRedisLock,
        .prefix = "lock.",
        .value = ValueShape::ExpiryEpochMs,
        .needsTtl = true,
        .confidence = 0.85,
        .reason = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "lock.<name> holding an epoch-ms expiry, with a TTL: the npm redis-lock package")},
        .sampleKey = "lock.mail-digest",
        .sampleTtlMs = 50000,
        .sampleWords = "npm redis-lock"},
    // Bull v3 (node, BullMQ's predecessor; OptimalBits/bull lib/commands/takeLock-1.lua,
    // moveToActive): SET <prefix>:<queue>:<jobId>:lock <token> PX lockDuration, the token one
    // uuid v4 per Queue instance (all jobs a process runs hold the same one), renewed by the
    // worker; releaseLock-1.lua compares it and deletes. As with BullMQ, a job whose lock is
    // gone is treated as stalled and may run again.
    SimpleLockFormat {.name = "bull-v3",
        .library = LockLibrary::Bull,
        .suffix = ":lock",
        .nameRule = NameRule::QueueAndJob,
        .value = ValueShape::Uuid,
        .confidence = 0.9,
        .reason = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "<prefix>:<queue>:<job>:lock holding the queue's UUID: a Bull (v3) job lock")},
        .note = {LOCKSCOPE_TEXT("SimpleLockFormats", "job %1 of queue %2 is being processed")},
        .releaseWarning = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "Bull will treat this job as stalled: it goes back to wait (or to failed) and may run twice "
            "while its worker is still processing it")},
        .sampleKey = "bull:thumbnails:88:lock",
        .sampleWords = "Bull (v3) job lock"},
    // RQ's scheduler (python rq/scheduler.py, Debian python3-rq): SET rq:scheduler-lock:<queue>
    // <pid> NX EX interval+60, renewed by its heartbeat; one scheduler per queue. Its own
    // release is a plain DEL on stop. Nobody waits: another worker's scheduler retries later.
    SimpleLockFormat {.name = "rq-scheduler",
        .library = LockLibrary::Rq,
        .prefix = "rq:scheduler-lock:",
        .value = ValueShape::ProcessId,
        .needsTtl = true,
        .confidence = 0.95,
        .reason = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "rq:scheduler-lock:<queue> holding a process id: the RQ scheduler of that queue")},
        .note = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "the scheduler of queue %1 holds it; the value is its process id (the host is not stored)")},
        .sampleKey = "rq:scheduler-lock:default",
        .sampleTtlMs = 61000,
        .sampleWords = "RQ scheduler lock"},
    // celery-once (python, celery_once/backends/redis.py): a redis-py Lock on qo_<task>_<args>
    // (uuid1().hex, timeout = the task's once timeout, 1 h by default) taken when the task is
    // queued; released (plain DEL) when it ends, so a second delay() raises AlreadyQueued.
    SimpleLockFormat {.name = "celery-once",
        .library = LockLibrary::CeleryOnce,
        .prefix = "qo_",
        .value = ValueShape::Uuid1Hex,
        .confidence = 0.95,
        .reason = {LOCKSCOPE_TEXT(
            "SimpleLockFormats", "qo_<task>_<args> holding a redis-py token: a celery-once task lock")},
        .note = {LOCKSCOPE_TEXT(
            "SimpleLockFormats", "task %1 is queued or running; another one is refused (AlreadyQueued)")},
        .sampleKey = "qo_reports.tasks.monthly_a-2026_b-11",
        .sampleTtlMs = 3600000,
        .sampleWords = "celery-once task lock"},
    // celery-singleton (python, backends/redis.py, util.py): SETNX SINGLETONLOCK_<md5 of task
    // and arguments> <task id>, the task's Celery id (uuid4), no TTL unless lock_expiry is
    // set; deleted (plain DEL) when the task ends, so a dead worker leaves it for good.
    SimpleLockFormat {.name = "celery-singleton",
        .library = LockLibrary::CelerySingleton,
        .prefix = "SINGLETONLOCK_",
        .value = ValueShape::Uuid,
        .confidence = 0.95,
        .reason = {LOCKSCOPE_TEXT(
            "SimpleLockFormats", "SINGLETONLOCK_<md5> holding a task id: a celery-singleton task lock")},
        .noTtlNote = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "no TTL (lock_expiry not set): if the task's worker died, this lock stays until released")},
        .sampleKey = "SINGLETONLOCK_9e107d9d372bb6826bd81d3542a419d6",
        .sampleTtlMs = 600000,
        .sampleWords = "celery-singleton task lock"},
    // celery-redbeat (python, redbeat/schedulers.py): the beat leader holds a redis-py Lock on
    // <key prefix>:lock, redbeat::lock by default, timeout 5 x max_interval, extended every
    // tick; the other beat processes retry to take it. Released as redis-py releases.
    SimpleLockFormat {.name = "redbeat",
        .library = LockLibrary::RedBeat,
        .prefix = "redbeat::lock",
        .nameRule = NameRule::Fixed,
        .value = ValueShape::Uuid1Hex,
        .confidence = 0.95,
        .reason = {LOCKSCOPE_TEXT(
            "SimpleLockFormats", "redbeat::lock holding a redis-py token: the celery-redbeat leader lock")},
        .note = {LOCKSCOPE_TEXT(
            "SimpleLockFormats", "the celery beat process holding it is the one that sends due tasks")},
        .releaseWarning = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "another beat process may take over while this one still runs: due tasks can be sent twice")},
        .sampleKey = "redbeat::lock",
        .sampleTtlMs = 1500000,
        .sampleWords = "celery-redbeat leader lock"},
    // activejob-uniqueness (ruby, lock_key.rb, configuration.rb): a redlock-rb lock (value
    // SecureRandom.uuid, SET NX PX lock_ttl, 1 day by default) on activejob_uniqueness:<job
    // class underscored>:<md5 of the arguments>, plus :runtime for until_and_while_executing;
    // released by redlock-rb's compare-and-delete.
    SimpleLockFormat {.name = "activejob-uniqueness",
        .library = LockLibrary::ActiveJobUniqueness,
        .prefix = "activejob_uniqueness:",
        .value = ValueShape::Uuid,
        .confidence = 0.95,
        .reason = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "activejob_uniqueness:<job>:<digest> holding a UUID: an activejob-uniqueness job lock")},
        .note = {LOCKSCOPE_TEXT("SimpleLockFormats", "a job with these arguments is queued or running: %1")},
        .sampleKey = "activejob_uniqueness:sync_invoices_job:5d41402abc4b2a76b9719d911017c592",
        .sampleTtlMs = 86400000,
        .sampleWords = "activejob-uniqueness job lock"},
    // resque-scheduler (ruby, lib/resque/scheduler/lock/base.rb, resilient.rb): the scheduler
    // master holds resque_scheduler_master_lock (under the resque: namespace) = <host>:<pid>,
    // SET NX EX 180, renewed while it runs; released with a plain DEL.
    SimpleLockFormat {.name = "resque-scheduler",
        .library = LockLibrary::ResqueScheduler,
        .prefix = "resque:resque_scheduler_master_lock",
        .nameRule = NameRule::Fixed,
        .value = ValueShape::HostAndPid,
        .confidence = 0.95,
        .reason = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "resque_scheduler_master_lock holding <host>:<pid>: the resque-scheduler master lock")},
        .releaseWarning = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "another scheduler may become master while this one still runs: delayed jobs can be queued "
            "twice")},
        .sampleKey = "resque:resque_scheduler_master_lock",
        .sampleTtlMs = 180000,
        .sampleWords = "resque-scheduler master lock"},
    // node-resque (node, src/core/scheduler.ts): the leader scheduler holds
    // resque:resque_scheduler_leader_lock = its name (the host name by default), SET NX EX
    // leaderLockTimeout; released by DEL after checking it is still the leader.
    SimpleLockFormat {.name = "node-resque",
        .library = LockLibrary::NodeResque,
        .prefix = "resque:resque_scheduler_leader_lock",
        .nameRule = NameRule::Fixed,
        .value = ValueShape::HolderName,
        .confidence = 0.9,
        .reason = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "resque_scheduler_leader_lock holding a scheduler name: the node-resque leader lock")},
        .sampleKey = "resque:resque_scheduler_leader_lock",
        .sampleTtlMs = 180000,
        .sampleWords = "node-resque leader lock"},
    // asynq (go, internal/base/base.go UniqueKey, enqueue scripts, done script): a task enqueued
    // with Unique(ttl) takes asynq:{<queue>}:unique:<type>:<md5 of payload> = its task id (a
    // uuid unless TaskID is given), SET NX EX ttl; the worker deletes it, comparing the id,
    // when the task succeeds. Only a duplicate enqueue waits for it (and is refused).
    SimpleLockFormat {.name = "asynq-unique",
        .library = LockLibrary::Asynq,
        .prefix = "asynq:{",
        .infix = "}:unique:",
        .nameRule = NameRule::QueueThenName,
        .value = ValueShape::PrintableWord,
        .confidence = 0.9,
        .reason = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "asynq:{<queue>}:unique:<type>:<md5> holding a task id: an asynq uniqueness lock")},
        .note
        = {LOCKSCOPE_TEXT("SimpleLockFormats", "task %1 in queue %2 is unique: another enqueue is refused")},
        .sampleKey = "asynq:{default}:unique:email:welcome:7d793037a0760186574b0282f2f435e7",
        .sampleTtlMs = 3600000,
        .sampleWords = "asynq uniqueness lock"},
    // Hangfire.Redis.StackExchange (.NET, RedisLock.cs, RedisConnection.AcquireDistributedLock):
    // StackExchange.Redis LockTake(<prefix><resource>, OwnerId, 30 s), the prefix {hangfire}: by
    // default and OwnerId one Guid per process; extended every 15 s, LockRelease (compare and
    // delete) when done; waiters retry with a back-off.
    SimpleLockFormat {.name = "hangfire-redis",
        .library = LockLibrary::HangfireRedis,
        .prefix = "{hangfire}:",
        .value = ValueShape::Uuid,
        .needsTtl = true,
        .confidence = 0.9,
        .reason = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "{hangfire}:<resource> holding a process GUID, with a TTL: a Hangfire distributed lock")},
        .sampleKey = "{hangfire}:lock:recurring-jobs",
        .sampleWords = "Hangfire distributed lock"},
    // yii2-redis Mutex (PHP, src/Mutex.php): SET <keyPrefix><md5(json [class, name])> <20
    // characters of generateRandomString> NX PX expire (30 s), keyPrefix 5 hex of md5(app id)
    // unless configured; released by compare-and-delete; waiters retry. The name is hashed
    // away: the key is all that can be shown.
    SimpleLockFormat {.name = "yii2-redis-mutex",
        .library = LockLibrary::YiiMutex,
        .nameRule = NameRule::HashedName,
        .value = ValueShape::UrlSafe20,
        .needsTtl = true,
        .confidence = 0.7,
        .reason = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "an md5 key holding 20 random URL-safe characters, with a TTL: a Yii redis Mutex")},
        .note = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "Yii stores only the md5 of the mutex name: the application knows which one it is")},
        .sampleKey = "a3f5c58f8ea25ffe93e05d6d8834df7b1c7e4",
        .sampleWords = "Yii redis Mutex"},
    // Exq (elixir, lib/exq/redis/job_queue.ex): a job enqueued with unique_for takes
    // exq:unique:<unique token> = its jid (a UUID), SET NX EX unique_for; released with the
    // compare_and_delete script when the job ends (or starts, with unique_until: :start).
    SimpleLockFormat {.name = "exq-unique",
        .library = LockLibrary::Exq,
        .prefix = "exq:unique:",
        .value = ValueShape::Uuid,
        .confidence = 0.95,
        .reason = {LOCKSCOPE_TEXT(
            "SimpleLockFormats", "exq:unique:<token> holding a job id: an Exq uniqueness lock")},
        .sampleKey = "exq:unique:1b3c9a9d5f6e4c2a8d7e",
        .sampleTtlMs = 300000,
        .sampleWords = "Exq uniqueness lock"},
    // quartz-redis-jobstore (Java, jlinn; RedisJobStoreSchema.lockKey, AbstractRedisStorage.lock):
    // every change to the job store runs under one lock, SET <keyPrefix>lock <UUID.randomUUID()> NX
    // PX lockTimeout (keyPrefix "" and 30 s by default); waiters retry every 75-125 ms. Its own
    // release GETs the value, compares it with its UUID and DELs.
    SimpleLockFormat {.name = "quartz-redis-jobstore",
        .library = LockLibrary::QuartzRedisJobStore,
        .prefix = "lock",
        .nameRule = NameRule::Fixed,
        .value = ValueShape::Uuid,
        .needsTtl = true,
        .confidence = 0.85,
        .reason = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "a key named lock holding a UUID, with a TTL: the quartz-redis-jobstore lock (Java)")},
        .note = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "a Quartz scheduler is changing its jobs and triggers; the others wait for this lock")},
        .releaseWarning = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "another Quartz scheduler may change the job store while this one still does: a trigger can "
            "fire twice")},
        .sampleKey = "lock",
        .sampleWords = "quartz-redis-jobstore lock"},
    // node-redis-warlock (npm; lib/warlock.js): SET <key>:lock <id> PX ttl NX, the id uuid.v1()
    // written into a 16-byte buffer and base64-encoded (24 characters ending in ==, the shape
    // redsync's random token has too; the UUIDv1 inside, minted recently, tells them apart).
    // Released by a compare-and-delete script (parityDel); waiters retry (optimistic()).
    SimpleLockFormat {.name = "node-redis-warlock",
        .library = LockLibrary::NodeRedisWarlock,
        .suffix = ":lock",
        .value = ValueShape::Base64Uuid1,
        .needsTtl = true,
        .confidence = 0.9,
        .reason = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "<key>:lock holding the base64 of a UUIDv1 minted recently: node-redis-warlock")},
        .sampleKey = "invoices:warlock-sample:lock",
        .sampleTtlMs = 20000,
        .sampleWords = "node-redis-warlock"},
    // simple-redis-mutex 3.x (npm; dist/index.js): SET @simple-redis-mutex:lock-<name>
    // String(Math.random()) NX PX timeout (30 s by default). Its release script compares the
    // value, deletes the key and PUBLISHes { "key": "<key>", "value": "<value>" } on
    // @simple-redis-mutex:locks-releases, where every waiting process retries the key named. A
    // global counter @simple-redis-mutex:fencing-tokens hands out fencing tokens.
    SimpleLockFormat {.name = "simple-redis-mutex",
        .library = LockLibrary::SimpleRedisMutex,
        .prefix = "@simple-redis-mutex:lock-",
        .value = ValueShape::MathRandom,
        .needsTtl = true,
        .confidence = 0.95,
        .reason = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "@simple-redis-mutex:lock-<name> holding Math.random(): simple-redis-mutex")},
        .wakeChannel = "@simple-redis-mutex:locks-releases",
        .wakeMessage = R"({ "key": "{key}", "value": "{value}" })",
        .sampleKey = "@simple-redis-mutex:lock-exports",
        .sampleWords = "simple-redis-mutex"},
    // @medusajs/locking-redis (npm; dist/services/redis-lock.js): an acquireLock script does SET
    // medusa_lock:<key> <ownerId> NX [EX expire], the owner the caller's id, `execute:<uuid>` for
    // execute() or `*` when none is given; no TTL unless an expire is given. Several keys taken
    // together hold one owner. Released by a compare-and-delete script (the owner `*` by anyone);
    // waiters retry with backoff.
    SimpleLockFormat {.name = "medusa-locking-redis",
        .library = LockLibrary::MedusaLocking,
        .prefix = "medusa_lock:",
        .value = ValueShape::PrintableWord,
        .confidence = 0.9,
        .reason = {LOCKSCOPE_TEXT(
            "SimpleLockFormats", "medusa_lock:<key> holding its owner: @medusajs/locking-redis")},
        .noTtlNote = {LOCKSCOPE_TEXT(
            "SimpleLockFormats", "no TTL (taken without an expire): held until its owner releases it")},
        .sampleKey = "medusa_lock:cart:cart_01J9Z",
        .sampleWords = "Medusa lock"},
    // @chat-adapter/state-redis (npm, the Chat SDK's Redis state; dist/index.js): SET
    // <keyPrefix>:lock:<threadId> redis_<Date.now()>_<base-36 random> NX PX ttl, keyPrefix
    // "chat-sdk" by default; released by a compare-and-delete script (forceReleaseLock: DEL).
    SimpleLockFormat {.name = "chat-sdk-state-redis",
        .library = LockLibrary::ChatSdkState,
        .prefix = "chat-sdk:lock:",
        .value = ValueShape::ChatSdkToken,
        .needsTtl = true,
        .confidence = 0.95,
        .reason = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "chat-sdk:lock:<thread> holding redis_<ms>_<random>: the Chat SDK's Redis state adapter")},
        .note = {LOCKSCOPE_TEXT("SimpleLockFormats", "thread %1 is being handled")},
        .sampleKey = "chat-sdk:lock:slack:C07:1732789",
        .sampleWords = "Chat SDK thread lock"},
    // redis-leader (npm; index.js): SET leader:<sha1 of the key> <uuid v4> PX ttl NX, renewed by
    // PEXPIRE while it leads; stop() DELs the key after a GET (not atomic). Candidates retry
    // every `wait` ms.
    SimpleLockFormat {.name = "redis-leader",
        .library = LockLibrary::RedisLeader,
        .prefix = "leader:",
        .nameRule = NameRule::Sha1OfName,
        .value = ValueShape::Uuid,
        .needsTtl = true,
        .confidence = 0.9,
        .reason = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "leader:<sha1 of the key> holding a UUID: the redis-leader leader election")},
        .note = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "the leader of an election whose key hashes to %1 (the key itself is not in Redis)")},
        .sampleKey = "leader:4f0c2a1f6a3d5b8e9c7d1e2f3a4b5c6d7e8f9a0b",
        .sampleTtlMs = 10000,
        .sampleWords = "redis-leader election"},
    // safe-redis-leader (npm; src/src/index.js): SET leader:<sha1 of the key> <id> PX ttl NX, the
    // id itself leader:<sha1 of 32 random bytes>; renewed and released by compare-and-PEXPIRE and
    // compare-and-delete scripts. Candidates retry every `wait` ms.
    SimpleLockFormat {.name = "safe-redis-leader",
        .library = LockLibrary::SafeRedisLeader,
        .prefix = "leader:",
        .nameRule = NameRule::Sha1OfName,
        .value = ValueShape::LeaderSha1,
        .needsTtl = true,
        .confidence = 0.95,
        .reason = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "leader:<sha1> holding leader:<sha1>: the safe-redis-leader leader election")},
        .note = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "the leader of an election whose key hashes to %1 (the key itself is not in Redis)")},
        .sampleKey = "leader:0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a",
        .sampleTtlMs = 10000,
        .sampleWords = "safe-redis-leader election"},
    // ts-safe-redis-leader (npm; dist/safeRedisLeader.js), its TypeScript port, hashes with a
    // space: key and id are "leader: <sha1>"; otherwise the same.
    SimpleLockFormat {.name = "ts-safe-redis-leader",
        .library = LockLibrary::SafeRedisLeader,
        .prefix = "leader: ",
        .nameRule = NameRule::Sha1OfName,
        .value = ValueShape::LeaderSpaceSha1,
        .needsTtl = true,
        .confidence = 0.95,
        .reason = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "\"leader: <sha1>\" holding \"leader: <sha1>\": the ts-safe-redis-leader leader election")},
        .note = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "the leader of an election whose key hashes to %1 (the key itself is not in Redis)")},
        .sampleKey = "leader: 1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b",
        .sampleTtlMs = 10000,
        .sampleWords = "ts-safe-redis-leader election"},
    // redis-promise-lock (npm; lib/src/lock.js): SETNX redis-promise-lock:<name>
    // {"lockedSince":"<ISO time>"}, then EXPIRE ttl seconds unless ttl is 0. No holder is
    // recorded; the release is a plain DEL. Waiters retry every retryDelay.
    SimpleLockFormat {.name = "redis-promise-lock",
        .library = LockLibrary::RedisPromiseLock,
        .prefix = "redis-promise-lock:",
        .value = ValueShape::LockedSinceJson,
        .confidence = 0.95,
        .reason = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "redis-promise-lock:<name> holding {\"lockedSince\":...}: redis-promise-lock")},
        .noTtlNote = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "no TTL (ttl 0): this lock never expires by itself; if its holder is gone, only a release frees "
            "it")},
        .sampleKey = "redis-promise-lock:sync-catalog",
        .sampleWords = "redis-promise-lock"},
    // rslock (Rust, hexcowboy/rslock; src/lock.rs) and redlock-rs (badboy), which it continues:
    // SET <resource> <20 random bytes> NX PX ttl on each server, the resource being any key the
    // caller gives; released by a compare-and-delete script, extended by compare-and-PX. Waiters
    // retry (3 times, within 200 ms by default). The id is raw bytes, not text.
    SimpleLockFormat {.name = "rslock",
        .library = LockLibrary::RsLock,
        .value = ValueShape::RandomBytes20,
        .needsTtl = true,
        .confidence = 0.7,
        .reason = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "20 random bytes (not text) with a TTL under a lock-like name: an rslock / redlock-rs lock "
            "(Rust)")},
        .possibleReason = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "possibly an rslock / redlock-rs lock: 20 random bytes with a TTL, though the name does not say "
            "lock (a cached binary digest can look the same)")},
        .sampleKey = "locks:inventory-sku-1042",
        .sampleTtlMs = 20000,
        .sampleWords = "rslock (Rust)"},
    // Symfony Lock's RedisStore before 5.2 (PHP, symfony/lock Store/RedisStore.php and Key.php of
    // 3.4-5.1): SET <resource> <base64 of 32 random bytes> NX PX ttl (a Lua script that also
    // re-sets PX for its own token), the resource being the name given to createLock(); released
    // by a compare-and-delete script; blocking acquire() retries. 5.2 moved to a sorted set of
    // such tokens (SymfonyLockRecognizer), so a plain string is an older version's.
    SimpleLockFormat {.name = "symfony-lock-before-5.2",
        .library = LockLibrary::SymfonyLock,
        .value = ValueShape::Base64Padded44,
        .needsTtl = true,
        .confidence = 0.7,
        .reason = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "a 44-character base64 token with a TTL under a lock-like name: Symfony Lock before 5.2 (PHP)")},
        .possibleReason = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "possibly a Symfony Lock (before 5.2): a 44-character base64 token with a TTL, though the name "
            "does not say lock (a stored secret can look the same)")},
        .sampleKey = "pdf-creation.lock",
        .sampleTtlMs = 300000,
        .sampleWords = "Symfony Lock before 5.2"},
};

} // namespace

std::span<const SimpleLockFormat> SimpleLockFormats::all()
{
    return formats;
}

const SimpleLockFormat* SimpleLockFormats::named(std::string_view name)
{
    for (const auto& format : formats) {
        if (format.name == name)
            return &format;
    }
    return nullptr;
}

RedisCommand SimpleLockFormats::sampleCommand(
    const SimpleLockFormat& format, const std::string& key, long long nowMs)
{
    return {"SET", key, ValueShapes::sample(format.value, nowMs, format.sampleTtlMs), "PX",
        std::to_string(format.sampleTtlMs)};
}

} // namespace lockscope
