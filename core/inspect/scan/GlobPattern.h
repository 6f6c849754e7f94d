#pragma once

#include <string>
#include <string_view>

namespace lockscope {

// A Redis-style glob (as SCAN MATCH and KEYS understand it): `*`, `?`, `[abc]`, `[^a-z]`, and
// `\` escaping the next byte. Matching is byte-wise, so binary key names work.
class GlobPattern
{
public:
    explicit GlobPattern(std::string pattern);
    // The pattern matching exactly `text` (its `*`, `?`, `[`, `]` and `\` escaped).
    static std::string literal(std::string_view text);
    bool matches(std::string_view text) const;
    const std::string& text() const { return m_pattern; }

private:
    std::string m_pattern;
};

} // namespace lockscope
