#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace lockscope {

// Escapes raw bytes (lock names, holders, values: anything read from Redis) for display:
// printable ASCII as is, the rest as \xHH (and \n, \r, \t, \\, \"), never a raw control byte.
// Longer than `maxBytes`: cut there, with "..." appended.
std::string escapeBytes(std::string_view bytes, size_t maxBytes = SIZE_MAX);

} // namespace lockscope
