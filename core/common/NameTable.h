#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

namespace lockscope {

// One value of a vocabulary and the word the CLI, JSON and the history database write for it.
template <typename Enum>
struct NamedValue
{
    Enum value;
    std::string_view name;
};

// A vocabulary's one name table: every value of an enum (numbered from 0 without gaps, its last
// value aliased as `Last`) with its name, one row each, in declaration order. Made with
// nameTable<Enum>({...}), so that nobody counts the rows: a table that leaves a value out, names
// one twice, or is out of order does not compile. Output takes name(), input parse(); the GUI
// translates by value (a switch, which the compiler checks), never by name.
template <typename Enum, size_t N>
class NameTable
{
    static_assert(N == static_cast<size_t>(Enum::Last) + 1, "the table names each value of the enum once");

public:
    consteval explicit NameTable(const NamedValue<Enum> (&rows)[N])
    {
        for (size_t i = 0; i < N; ++i) {
            if (static_cast<size_t>(rows[i].value) != i)
                throw "a name table lists its enum's values in declaration order";
            if (rows[i].name.empty())
                throw "every value has a name";
            for (size_t j = 0; j < i; ++j) {
                if (rows[j].name == rows[i].name)
                    throw "no two values share a name";
            }
            m_rows[i] = rows[i];
        }
    }

    // `value`'s name; `outOfRange` for a number outside the enum (a cast from foreign data).
    constexpr std::string_view name(Enum value, std::string_view outOfRange = "unknown") const
    {
        const auto index = static_cast<size_t>(value);
        return index < N ? m_rows[index].name : outOfRange;
    }
    // The value named `name` exactly, or nothing.
    constexpr std::optional<Enum> parse(std::string_view name) const
    {
        for (const auto& row : m_rows) {
            if (row.name == name)
                return row.value;
        }
        return std::nullopt;
    }
    constexpr std::span<const NamedValue<Enum>, N> rows() const { return m_rows; }
    static constexpr size_t size() { return N; }

private:
    std::array<NamedValue<Enum>, N> m_rows {};
};

template <typename Enum, size_t N>
consteval NameTable<Enum, N> nameTable(const NamedValue<Enum> (&rows)[N])
{
    return NameTable<Enum, N>(rows);
}

} // namespace lockscope
