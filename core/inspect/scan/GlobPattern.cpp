#include "inspect/scan/GlobPattern.h"

#include <vector>

namespace lockscope {

namespace {

// Matches one bracket class starting after '['; advances `p` past the closing ']'.
bool matchClass(std::string_view pattern, size_t& p, unsigned char c)
{
    bool negate = false;
    if (p < pattern.size() && pattern[p] == '^') {
        negate = true;
        ++p;
    }
    bool matched = false;
    while (p < pattern.size() && pattern[p] != ']') {
        if (pattern[p] == '\\' && p + 1 < pattern.size()) {
            matched = matched || static_cast<unsigned char>(pattern[p + 1]) == c;
            p += 2;
        } else if (p + 2 < pattern.size() && pattern[p + 1] == '-' && pattern[p + 2] != ']') {
            auto from = static_cast<unsigned char>(pattern[p]);
            auto to = static_cast<unsigned char>(pattern[p + 2]);
            if (from > to)
                std::swap(from, to);
            matched = matched || (c >= from && c <= to);
            p += 3;
        } else {
            matched = matched || static_cast<unsigned char>(pattern[p]) == c;
            ++p;
        }
    }
    if (p < pattern.size())
        ++p; // the ']'
    return matched != negate;
}

} // namespace

GlobPattern::GlobPattern(std::string pattern)
    : m_pattern(std::move(pattern))
{
}

std::string GlobPattern::literal(std::string_view text)
{
    std::string pattern;
    pattern.reserve(text.size());
    for (char c : text) {
        if (c == '*' || c == '?' || c == '[' || c == ']' || c == '\\')
            pattern += '\\';
        pattern += c;
    }
    return pattern;
}

bool GlobPattern::matches(std::string_view text) const
{
    // Iterative matcher with single-star backtracking: linear-ish and no recursion depth issue.
    const std::string_view pattern = m_pattern;
    size_t p = 0, t = 0;
    size_t starP = std::string_view::npos, starT = 0;
    while (t < text.size()) {
        if (p < pattern.size()) {
            const char pc = pattern[p];
            if (pc == '*') {
                starP = ++p;
                starT = t;
                continue;
            }
            if (pc == '?') {
                ++p;
                ++t;
                continue;
            }
            if (pc == '[') {
                size_t q = p + 1;
                if (matchClass(pattern, q, static_cast<unsigned char>(text[t]))) {
                    p = q;
                    ++t;
                    continue;
                }
            } else {
                size_t q = p;
                char literal = pc;
                if (pc == '\\' && p + 1 < pattern.size())
                    literal = pattern[++q];
                if (literal == text[t]) {
                    p = q + 1;
                    ++t;
                    continue;
                }
            }
        }
        if (starP == std::string_view::npos)
            return false;
        p = starP;
        t = ++starT;
    }
    while (p < pattern.size() && pattern[p] == '*')
        ++p;
    return p == pattern.size();
}

} // namespace lockscope
