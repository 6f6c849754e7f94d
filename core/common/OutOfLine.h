#pragma once

#include <cstddef>
#include <memory>
#include <utility>

namespace lockscope {

// A value most owners leave empty, kept out of line: an empty one costs a pointer (8 bytes)
// instead of the value itself (24 for a vector, 32 for a string or a UserText). A lock snapshot
// has several (its notes, waiters, a stuck reason, a release warning), and a monitor keeps
// 100,000 snapshots. It reads like the value: it converts to `const T&` (an empty T when
// unset), iterates, and forwards the members the snapshots' builders use; setting it to an
// empty value frees it. Copies copy the value.
template <typename T>
class OutOfLine
{
public:
    OutOfLine() = default;
    OutOfLine(T value) { assign(std::move(value)); }
    OutOfLine(const OutOfLine& other) { assign(other.get()); }
    OutOfLine(OutOfLine&&) noexcept = default;
    OutOfLine& operator=(const OutOfLine& other)
    {
        if (this != &other)
            assign(other.get());
        return *this;
    }
    OutOfLine& operator=(OutOfLine&&) noexcept = default;
    OutOfLine& operator=(T value)
    {
        assign(std::move(value));
        return *this;
    }

    const T& get() const { return m_value ? *m_value : none(); }
    operator const T&() const { return get(); }
    // The value to change, made (empty) if there is none.
    T& edit()
    {
        if (!m_value)
            m_value = std::make_unique<T>();
        return *m_value;
    }

    bool empty() const { return !m_value || m_value->empty(); }
    size_t size() const { return m_value ? m_value->size() : 0; }
    auto begin() const { return get().begin(); }
    auto end() const { return get().end(); }
    auto begin() { return m_value ? m_value->begin() : decltype(m_value->begin()) {}; }
    auto end() { return m_value ? m_value->end() : decltype(m_value->end()) {}; }
    decltype(auto) operator[](size_t i) const { return get()[i]; }
    decltype(auto) front() const { return get().front(); }
    decltype(auto) back() const { return get().back(); }
    template <typename... Arguments>
    void push_back(Arguments&&... arguments)
    {
        edit().push_back(std::forward<Arguments>(arguments)...);
    }
    template <typename... Arguments>
    decltype(auto) emplace_back(Arguments&&... arguments)
    {
        return edit().emplace_back(std::forward<Arguments>(arguments)...);
    }
    void clear() { m_value.reset(); }

    friend bool operator==(const OutOfLine& a, const OutOfLine& b) { return a.get() == b.get(); }

private:
    static const T& none()
    {
        static const T empty {};
        return empty;
    }
    void assign(T value)
    {
        if (value.empty())
            m_value.reset();
        else
            m_value = std::make_unique<T>(std::move(value));
    }

    std::unique_ptr<T> m_value;
};

} // namespace lockscope
