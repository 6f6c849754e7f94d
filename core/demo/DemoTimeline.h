#pragma once

#include "common/UserText.h"

#include <chrono>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

namespace lockscope {

// The story a contention demo tells: timestamped steps ("C1 SETNX lock.foo -> 0", "C3 crashed
// holding the lock"), each by an actor. Steps may come from several threads; a listener sees
// each one as it happens (the CLI prints it, the GUI animates it). The listener runs on the
// thread that took the step, before the story goes on: a listener that waits slows the story
// down (a GUI's speed control). Leases keep running in Redis meanwhile, so a long wait inside a
// lease-timed part of a story can change its outcome.
class DemoTimeline
{
public:
    struct Step
    {
        double seconds = 0; // since the timeline started
        std::string actor; // "C1", "checker", "--" for narration
        UserText text; // in English for the CLI; the GUI translates it
    };
    using Listener = std::function<void(const Step&)>;

    explicit DemoTimeline(Listener listener = {});

    void step(const std::string& actor, UserText text);
    void narrate(UserText text) { step("--", std::move(text)); }

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
