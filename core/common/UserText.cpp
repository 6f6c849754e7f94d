#include "common/UserText.h"

namespace lockscope {

UserText UserText::verbatim(std::string text)
{
    UserText out;
    out.m_verbatim = std::move(text);
    return out;
}

std::string UserText::english() const
{
    if (isVerbatim())
        return m_verbatim;
    std::vector<std::string> arguments;
    arguments.reserve(m_arguments.size());
    for (const auto& argument : m_arguments)
        arguments.push_back(argument.english());
    return substitute(m_pattern, arguments);
}

std::string UserText::substitute(std::string_view pattern, const std::vector<std::string>& arguments)
{
    std::string out;
    out.reserve(pattern.size());
    for (size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] == '%' && i + 1 < pattern.size() && pattern[i + 1] >= '1' && pattern[i + 1] <= '9') {
            const auto index = static_cast<size_t>(pattern[i + 1] - '1');
            if (index < arguments.size()) {
                out += arguments[index];
                ++i;
                continue;
            }
        }
        out += pattern[i];
    }
    return out;
}

bool operator==(const UserText& a, const UserText& b)
{
    return a.context() == b.context() && a.pattern() == b.pattern() && a.m_verbatim == b.m_verbatim
        && a.m_arguments == b.m_arguments;
}

} // namespace lockscope
