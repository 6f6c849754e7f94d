#pragma once

#include <chrono>

namespace lockscope {

class CancellationToken;

// Paces a listing to a share of the server's time. Redis runs one command at a time, so while it
// reads a page of the listing's keys every other client waits behind it; the listing's own round
// trips (the SCAN page and its pipelined reads, nothing in parallel) bound the time the server
// spent on them, and after each page the listing waits long enough that they stay within `share`
// of the wall time (10%: 1 ms of reads, then 9 ms of nothing).
class ServerLoadBudget
{
public:
    using Clock = std::chrono::steady_clock;

    // `share` in (0, 1); anything else: unpaced.
    explicit ServerLoadBudget(double share);
    bool isOn() const { return m_share > 0 && m_share < 1; }
    double share() const { return m_share; }
    // The server was kept busy by the listing for (at most) `busy`: waits what the share asks,
    // in slices, returning early if `cancel` is set.
    void pauseAfter(Clock::duration busy, const CancellationToken* cancel);
    long long pausedMs() const
    {
        return std::chrono::duration_cast<std::chrono::milliseconds>(m_paused).count();
    }

private:
    double m_share = 0;
    Clock::duration m_paused {};
};

} // namespace lockscope
