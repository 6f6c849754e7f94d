#include "demo/DemoScenario.h"

#include "common/WallClock.h"
#include "locks/LockFactory.h"

#include <thread>

namespace lockscope {

DemoScenario::DemoScenario(
    std::string name, UserText title, UserText expectation, std::vector<LockAlgorithm> requiredKinds)
    : m_name(std::move(name))
    , m_title(std::move(title))
    , m_expectation(std::move(expectation))
    , m_requiredKinds(std::move(requiredKinds))
{
}

Result<std::unique_ptr<RedisConnection>> DemoScenario::connectAs(
    const DemoContext& context, const std::string& actor)
{
    ConnectionOptions options = context.connection;
    options.clientRole = "demo:" + actor;
    return RedisConnection::connect(options);
}

Result<std::unique_ptr<RedisConnection>> DemoScenario::connectClearing(
    const DemoContext& context, const std::string& actor, const std::string& key)
{
    auto connection = connectAs(context, actor);
    if (!connection)
        return connection;
    if (auto cleared = (*connection)->command({"DEL", key}); !cleared)
        return cleared.error();
    return connection;
}

LockSpec DemoScenario::lockSpec(const DemoContext& context, LockAlgorithm kind, std::string name)
{
    LockSpec spec;
    spec.kind = kind;
    spec.name = std::move(name);
    spec.connection = context.connection;
    return spec;
}

bool DemoScenario::narratedWrite(DemoTimeline& timeline, FencedResource& resource, const std::string& actor,
    const std::string& value, std::optional<long long> fence, const std::string& lockName)
{
    const bool wrote = resource.write(actor, value, fence);
    timeline.step(actor, wrote ? DemoAction::WriteAccepted : DemoAction::WriteRejected,
        wrote ? UserText(LOCKSCOPE_TEXT("DemoScenario", "writes \"%1\" with fence %2 -> accepted"), value,
            fenceText(fence))
              : UserText(LOCKSCOPE_TEXT("DemoScenario", "writes \"%1\" with fence %2 -> rejected"), value,
                  fenceText(fence)),
        lockName, fence);
    return wrote;
}

std::string DemoScenario::fenceText(std::optional<long long> fence)
{
    return fence ? std::to_string(*fence) : std::string("none");
}

Result<RedisReply> DemoScenario::narrated(DemoTimeline& timeline, const std::string& actor,
    RedisConnection& connection, const RedisCommand& command, DemoAction attempts)
{
    DemoTimeline::Step step;
    step.actor = actor;
    step.action = DemoAction::Command;
    if (!command.empty())
        step.command = std::string(command.front());
    if (command.size() > 1)
        step.lock = std::string(command[1]);
    std::string text;
    for (const auto& part : command)
        text += (text.empty() ? "" : " ") + std::string(part);
    auto reply = connection.command(command);
    if (!reply) {
        step.text = UserText(LOCKSCOPE_TEXT("DemoScenario", "%1 -> error: %2"), text, reply.error().message);
        timeline.record(std::move(step));
        return reply;
    }
    std::string shown;
    if (reply->isInteger())
        shown = std::to_string(reply->integer());
    else if (reply->isNil())
        shown = "(nil)";
    else if (reply->isString() || reply->isStatus())
        shown = reply->text();
    else
        shown = reply->describe(80);
    // SETNX answers 1 and SET ... NX answers OK when they set the key; DEL counts what it deleted.
    const bool keySet
        = (reply->isInteger() && reply->integer() == 1) || (reply->isStatus() && reply->text() == "OK");
    const bool keyDeleted = reply->isInteger() && reply->integer() > 0;
    if (attempts == DemoAction::Acquire)
        step.action = keySet ? DemoAction::Acquire : DemoAction::Refuse;
    else if (attempts == DemoAction::Release && keyDeleted)
        step.action = DemoAction::Release;
    step.text = UserText::verbatim(text + " -> " + shown); // a command and Redis's reply
    timeline.record(std::move(step));
    return reply;
}

long long DemoScenario::epochMillis()
{
    return epochMillisNow();
}

long long DemoScenario::steadyNanos()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
        std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

bool DemoScenario::sleepFor(const DemoContext& context, std::chrono::milliseconds duration)
{
    const auto until = std::chrono::steady_clock::now() + duration;
    while (std::chrono::steady_clock::now() < until) {
        if (context.cancel && context.cancel->isCancelled())
            return false;
        std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(
            until - std::chrono::steady_clock::now(), std::chrono::milliseconds(10)));
    }
    return !(context.cancel && context.cancel->isCancelled());
}

Result<DemoOutcome> DemoScenario::run(const DemoContext& context, DemoTimeline& timeline)
{
    if (auto kinds = checkKinds(); !kinds)
        return kinds.error();
    return play(context, timeline);
}

void DemoScenario::narrateResource(DemoTimeline& timeline, const FencedResource& resource)
{
    timeline.step("resource", DemoAction::ResourceState,
        UserText(LOCKSCOPE_TEXT("DemoScenario", "holds \"%1\""), resource.value()));
}

Result<DemoScenario::Contenders> DemoScenario::contenders(const LockSpec& spec)
{
    auto c1 = LockFactory::create(spec);
    if (!c1)
        return c1.error();
    auto c2 = LockFactory::create(spec);
    if (!c2)
        return c2.error();
    return Contenders {std::move(*c1), std::move(*c2)};
}

Result<DemoScenario::DoomedHold> DemoScenario::startDoomedHold(
    const DemoContext& context, const LockSpec& spec, std::chrono::milliseconds lease, Renewal renewal)
{
    auto observer = connectClearing(context, "observer", spec.name);
    if (!observer)
        return observer.error();
    AcquireOptions options;
    options.lease = lease;
    options.wait = std::chrono::milliseconds(5000);
    options.watchdog = renewal == Renewal::Watchdog;
    // Ten seconds for the holder's process to start and acquire.
    auto c1 = CrashingHolder::start(spec, options, std::chrono::milliseconds(10000));
    if (!c1)
        return c1.error();
    return DoomedHold {std::move(*observer), std::move(*c1)};
}

Result<long long> DemoScenario::pttl(RedisConnection& observer, const std::string& key)
{
    auto reply = observer.command({"PTTL", key});
    if (!reply)
        return reply.error();
    return reply->isInteger() ? reply->integer() : -2;
}

Status DemoScenario::checkKinds() const
{
    std::string missing;
    for (const auto& kind : requiredKinds()) {
        if (!LockFactory::find(kind))
            missing += (missing.empty() ? "" : ", ") + std::string(lockAlgorithmName(kind));
    }
    if (missing.empty())
        return Done {};
    return makeError(ErrorKind::NotFound,
        "scenario '" + std::string(name()) + "' needs the lock kind(s) " + missing
            + ", which this build does not have (known kinds: " + LockFactory::knownKindNames() + ")");
}

} // namespace lockscope
