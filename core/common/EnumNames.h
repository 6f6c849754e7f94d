#pragma once

#include <array>
#include <cstddef>
#include <type_traits>

namespace lockscope {

// The name of an enum value, from a table of every value's name in declaration order (the enum
// numbered from 0 without gaps); `outOfRange` for a value outside the enum. `Last` is the enum's
// last value: a table that does not name every value up to it does not compile, so a value
// added without its name is caught. Names are string_views in the core, QT_TR_NOOP texts in the GUI.
template <auto Last, typename Name, size_t N>
constexpr Name enumName(
    decltype(Last) value, const std::array<Name, N>& names, std::type_identity_t<Name> outOfRange)
{
    static_assert(N == static_cast<size_t>(Last) + 1, "the table names each value of the enum once");
    const auto index = static_cast<size_t>(value);
    return index < N ? names[index] : outOfRange;
}

} // namespace lockscope
