#include "common/UserText.h"

namespace lockscope {

UserText UserText::verbatim(std::string text)
{
    UserText out;
    if (!text.empty())
        out.m_parts = std::make_shared<const Parts>(Parts {std::move(text), {}});
    return out;
}

void UserText::setArguments(std::vector<UserText> arguments)
{
    if (!arguments.empty())
        m_parts = std::make_shared<const Parts>(Parts {{}, std::move(arguments)});
}

const std::string& UserText::verbatimText() const
{
    static const std::string none;
    return m_parts ? m_parts->verbatim : none;
}

const std::vector<UserText>& UserText::arguments() const
{
    static const std::vector<UserText> none;
    return m_parts ? m_parts->arguments : none;
}

std::string UserText::english() const
{
    if (isVerbatim())
        return verbatimText();
    std::vector<std::string> arguments;
    arguments.reserve(this->arguments().size());
    for (const auto& argument : this->arguments())
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
    return a.context() == b.context() && a.pattern() == b.pattern() && a.verbatimText() == b.verbatimText()
        && a.arguments() == b.arguments();
}

} // namespace lockscope
