#pragma once

#include "common/Result.h"
#include "demo/DemoTimeline.h"
#include "faults/CrashingHolder.h"
#include "faults/FencedResource.h"
#include "locks/DistributedLock.h"
#include "locks/LockFactory.h"
#include "redis/ConnectionOptions.h"
#include "redis/RedisConnection.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace lockscope {

struct DemoContext
{
    ConnectionOptions connection; // the connected (or sandbox) Redis the story plays on
    std::string keyPrefix = "lockscope:demo:"; // lock names are <keyPrefix><name>
    const CancellationToken* cancel = nullptr;
};

struct DemoOutcome
{
    bool asExpected = false; // the scenario's expected outcome happened
    UserText verdict; // one line saying what happened
};

// One contention demo: a short story played by real clients against a real Redis,
// orchestrated step by step so that it tells the same story every time, narrated on a
// DemoTimeline, and judged at the end against the outcome it is meant to show.
class DemoScenario
{
public:
    virtual ~DemoScenario() = default;

    std::string_view name() const { return m_name; } // the CLI's SCENARIO: "naive-race"
    const UserText& title() const { return m_title; }
    const UserText& expectation() const { return m_expectation; } // the outcome it must show
    // Lock kinds it needs from the LockFactory.
    const std::vector<LockAlgorithm>& requiredKinds() const { return m_requiredKinds; }

    // Redis errors and missing kinds (checkKinds, before the story starts) are errors; an
    // outcome that did not happen is a DemoOutcome with asExpected false.
    Result<DemoOutcome> run(const DemoContext& context, DemoTimeline& timeline);

    // A NotFound error naming the required kinds this build's LockFactory lacks, if any.
    Status checkKinds() const;

protected:
    // What a scenario says about itself is plain data, given once by each scenario.
    DemoScenario(std::string name, UserText title, UserText expectation,
        std::vector<LockAlgorithm> requiredKinds = {});

    // The story itself, once its lock kinds are known to exist.
    virtual Result<DemoOutcome> play(const DemoContext& context, DemoTimeline& timeline) = 0;

    // A connection of one actor of the story, named lockscope:demo:<actor> on the server.
    static Result<std::unique_ptr<RedisConnection>> connectAs(
        const DemoContext& context, const std::string& actor);
    // connectAs, then DEL `key`: a story that watches a lock starts with none left by a
    // previous run.
    static Result<std::unique_ptr<RedisConnection>> connectClearing(
        const DemoContext& context, const std::string& actor, const std::string& key);
    // A lock of `kind` named `name` on the story's server.
    static LockSpec lockSpec(const DemoContext& context, LockAlgorithm kind, std::string name);
    // C1 and C2: two clients of the same lock.
    struct Contenders
    {
        std::unique_ptr<DistributedLock> c1;
        std::unique_ptr<DistributedLock> c2;
    };
    static Result<Contenders> contenders(const LockSpec& spec);
    // The start of a story whose holder dies: an observer's connection (the lock's key cleared
    // first), then C1, a process of its own that has taken the free lock `spec` with `lease`
    // (renewed by the watchdog when `watchdog`).
    struct DoomedHold
    {
        std::unique_ptr<RedisConnection> observer;
        std::unique_ptr<CrashingHolder> c1;
    };
    enum class Renewal
    {
        Watchdog, // the holder's watchdog renews the lease while it lives
        None, // the lease runs out `lease` after the acquire
    };
    static Result<DoomedHold> startDoomedHold(
        const DemoContext& context, const LockSpec& spec, std::chrono::milliseconds lease, Renewal renewal);
    // The key's PTTL as the observer reads it (-2: gone, or not an integer reply).
    static Result<long long> pttl(RedisConnection& observer, const std::string& key);
    // "C1 SETNX lock.foo 17... -> 1": sends the command and narrates it with its reply. What the
    // step did follows from the reply and what the command `attempts`: an Acquire attempt is
    // an Acquire when Redis set the key and a Refuse otherwise; a Release attempt is a Release
    // when Redis deleted the key; anything else is a plain Command step.
    static Result<RedisReply> narrated(DemoTimeline& timeline, const std::string& actor,
        RedisConnection& connection, const RedisCommand& command, DemoAction attempts = DemoAction::Command);
    // `actor` writes `value` to the fenced `resource` with `fence`, and the timeline says whether
    // the resource took it. True when it did.
    static bool narratedWrite(DemoTimeline& timeline, FencedResource& resource, const std::string& actor,
        const std::string& value, std::optional<long long> fence, const std::string& lockName);
    // The story's "resource holds <value>" step.
    static void narrateResource(DemoTimeline& timeline, const FencedResource& resource);
    // A fence as the story tells it: its number, or "none".
    static std::string fenceText(std::optional<long long> fence);
    static long long epochMillis();
    static long long steadyNanos();
    // Sleeps, but returns early (false) when the context's cancellation fires.
    static bool sleepFor(const DemoContext& context, std::chrono::milliseconds duration);

private:
    std::string m_name;
    UserText m_title;
    UserText m_expectation;
    std::vector<LockAlgorithm> m_requiredKinds;
};

} // namespace lockscope
