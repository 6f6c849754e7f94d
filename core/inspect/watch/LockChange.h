#pragma once

#include "inspect/LockSnapshot.h"

#include <cstdint>

namespace lockscope {

// What differs between two snapshots of one lock: the one answer to "what changed", decided here
// and nowhere else. The watcher reports a change when anything but the countdown moved; the GUI
// logs only the fields a person would call the lock's state and repaints only the columns that
// show a changed field.
class LockChange
{
public:
    enum Field : std::uint32_t
    {
        Kind = 1u << 0, // what it was recognised as: kind or library
        Keys = 1u << 1, // which Redis keys make it
        Holders = 1u << 2, // who holds it, how many times, in which mode (in order)
        HolderExpiries = 1u << 3, // when each holder's own lease ends, where Redis stores one
        Waiters = 1u << 4, // who waits, by name and source, in any order
        WaiterQueue = 1u << 5, // the named waiters' order or deadlines
        WaiterCount = 1u << 6,
        Fence = 1u << 7,
        Permits = 1u << 8, // a semaphore's free permits
        Stuck = 1u << 9, // whether it is stuck, and why
        Lease = 1u << 10, // the TTL grew (renewed, extended), or the lock gained or lost its TTL
        Countdown = 1u << 11, // the TTL shrank: only time passed
        ObservedValue = 1u << 12, // the lock key's string value
    };

    constexpr LockChange() = default;
    constexpr LockChange(Field field)
        : m_fields(field)
    {
    }

    static LockChange between(const LockSnapshot& before, const LockSnapshot& after);
    // A lock that appeared or went: every field counts as changed.
    static constexpr LockChange everything() { return LockChange(~std::uint32_t(0)); }
    // What a person would call the lock's state; the rest (the countdown, waiters refreshing
    // their deadlines or swapping places, holder expiries moving with a renewal) happens by
    // itself while a lock is held.
    static constexpr LockChange noteworthy()
    {
        return LockChange(std::uint32_t(Holders) | Waiters | WaiterCount | Fence | Stuck | Lease);
    }

    bool isEmpty() const { return m_fields == 0; }
    bool has(Field field) const { return (m_fields & field) != 0; }
    bool hasAnyOf(LockChange fields) const { return (m_fields & fields.m_fields) != 0; }
    // Anything but the TTL counting down: a change worth an event.
    bool isMoreThanCountdown() const { return (m_fields & ~std::uint32_t(Countdown)) != 0; }

    LockChange& operator|=(LockChange other)
    {
        m_fields |= other.m_fields;
        return *this;
    }
    friend LockChange operator|(LockChange a, LockChange b) { return a |= b; }
    friend constexpr LockChange operator|(Field a, Field b)
    {
        return LockChange(std::uint32_t(a) | std::uint32_t(b));
    }
    friend bool operator==(LockChange a, LockChange b) = default;

private:
    constexpr explicit LockChange(std::uint32_t fields)
        : m_fields(fields)
    {
    }

    std::uint32_t m_fields = 0;
};

} // namespace lockscope
