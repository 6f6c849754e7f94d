#pragma once

#include "common/UserText.h"

#include <cassert>
#include <optional>
#include <utility>

namespace lockscope {

// A value, or why there is none in words for people: a UserText, whose English the CLI prints
// and whose translation the GUI shows. What the fleet reads from files and saved settings is
// refused this way (a RedisError's message is English only).
template <class T>
class [[nodiscard]] TextResult
{
public:
    TextResult(T value)
        : m_value(std::move(value))
    {
    }
    TextResult(UserText refusal)
        : m_refusal(std::move(refusal))
    {
    }

    explicit operator bool() const { return m_value.has_value(); }
    T& operator*()
    {
        assert(m_value);
        return *m_value;
    }
    const T& operator*() const
    {
        assert(m_value);
        return *m_value;
    }
    T* operator->() { return &**this; }
    const T* operator->() const { return &**this; }
    // Why there is no value (empty when there is one).
    const UserText& refusal() const { return m_refusal; }

private:
    std::optional<T> m_value;
    UserText m_refusal;
};

} // namespace lockscope
