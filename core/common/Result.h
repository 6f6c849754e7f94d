#pragma once

#include "common/RedisError.h"

#include <cassert>
#include <utility>
#include <variant>

namespace lockscope {

// A value or a RedisError. std::expected is C++23; this is the small subset we use.
template <class T>
class [[nodiscard]] Result
{
public:
    Result(T value)
        : m_state(std::in_place_index<0>, std::move(value))
    {
    }
    Result(RedisError error)
        : m_state(std::in_place_index<1>, std::move(error))
    {
    }

    bool ok() const { return m_state.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() &
    {
        assert(ok());
        return std::get<0>(m_state);
    }
    const T& value() const&
    {
        assert(ok());
        return std::get<0>(m_state);
    }
    T&& value() &&
    {
        assert(ok());
        return std::get<0>(std::move(m_state));
    }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

    const RedisError& error() const
    {
        assert(!ok());
        return std::get<1>(m_state);
    }

private:
    std::variant<T, RedisError> m_state;
};

struct Done
{
};

// For operations that return nothing but may fail.
using Status = Result<Done>;

inline RedisError makeError(ErrorKind kind, std::string message)
{
    return RedisError {kind, std::move(message)};
}

} // namespace lockscope
