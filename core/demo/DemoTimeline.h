#pragma once

#include "common/UserText.h"
#include "demo/DemoAction.h"

#include <chrono>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace lockscope {

// The story a contention demo tells: timestamped steps ("C1 SETNX lock.foo -> 0", "C3 crashed
// holding the lock"), each by an actor, each saying what happened as data (an action, the lock,
// the fence) and in words made from that data (the narration). Steps may come from several threads; a
// listener sees each one as it happens (the CLI prints it, the GUI animates it). The listener runs on the
// thread that took the step, before the story goes on: a listener that waits slows the story
// down (a GUI's speed control). Leases keep running in Redis meanwhile, so a long wait inside a
// lease-timed part of a story can change its outcome.
class DemoTimeline
{
public:
    struct Step
    {
        double seconds = 0; // since the timeline started
        std::string actor; // "C1", "N3", "checker", "--" for the storyteller
        DemoAction action = DemoAction::Narrate;
        std::string lock; // the lock's key, when the step concerns one
        std::optional<long long> fence; // the fencing token the step acquired or wrote with
        std::string command; // the Redis command a narrated command step sent ("GETSET")
        UserText text; // in English for the CLI; the GUI translates it
    };
    using Listener = std::function<void(const Step&)>;

    explicit DemoTimeline(Listener listener = {});

    // Records `step` (its time is stamped here).
    void record(Step step);
    // Records what `actor` did: `lock` and `fence` when the step concerns a lock.
    void step(const std::string& actor, DemoAction action, UserText text, std::string lock = {},
        std::optional<long long> fence = std::nullopt);
    void narrate(UserText text) { step("--", DemoAction::Narrate, std::move(text)); }

    std::vector<Step> steps() const;
    // "[+  1.234 s] C1      SETNX lock.foo 17... -> 1", in English.
    static std::string format(const Step& step);
    // The same layout around any text: the GUI passes the step's text translated.
    static std::string format(const Step& step, const std::string& text);
    std::string toText() const;

private:
    std::chrono::steady_clock::time_point m_start;
    Listener m_listener;
    mutable std::mutex m_mutex;
    std::vector<Step> m_steps;
};

} // namespace lockscope
