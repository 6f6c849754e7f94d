#include "demo/DemoTimeline.h"

#include <cstdio>

namespace lockscope {

DemoTimeline::DemoTimeline(Listener listener)
    : m_start(std::chrono::steady_clock::now())
    , m_listener(std::move(listener))
{
}

void DemoTimeline::step(const std::string& actor, DemoAction action, UserText text, std::string lock,
    std::optional<long long> fence)
{
    Step step;
    step.actor = actor;
    step.action = action;
    step.lock = std::move(lock);
    step.fence = fence;
    step.text = std::move(text);
    record(std::move(step));
}

void DemoTimeline::record(Step step)
{
    step.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
    // The listener runs under the lock so that steps from several threads print in order.
    std::lock_guard guard(m_mutex);
    m_steps.push_back(step);
    if (m_listener)
        m_listener(step);
}

std::vector<DemoTimeline::Step> DemoTimeline::steps() const
{
    std::lock_guard guard(m_mutex);
    return m_steps;
}

std::string DemoTimeline::format(const Step& step)
{
    return format(step, step.text.english());
}

std::string DemoTimeline::format(const Step& step, const std::string& text)
{
    char stamp[32];
    std::snprintf(stamp, sizeof stamp, "[+%7.3f s] ", step.seconds);
    if (step.actor == "--")
        return stamp + text;
    std::string actor = step.actor;
    if (actor.size() < 7)
        actor.resize(7, ' ');
    return stamp + actor + " " + text;
}

std::string DemoTimeline::toText() const
{
    std::string text;
    for (const auto& step : steps())
        text += format(step) + "\n";
    return text;
}

} // namespace lockscope
