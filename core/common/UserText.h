#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

// Marks an English template the GUI shows as one to translate. It expands to its two arguments,
// so `UserText(LOCKSCOPE_TEXT("Context", "held by %1"), owner)` passes the context and the
// template to UserText; Qt's lupdate reads the same call as QT_TRANSLATE_NOOP("Context", "...")
// (the GUI runs it with -tr-function-alias QT_TRANSLATE_NOOP+=LOCKSCOPE_TEXT), which keeps the
// core free of Qt while its words still reach the translators.
#define LOCKSCOPE_TEXT(context, text) context, text

namespace lockscope {

// A sentence for people, kept as its template and arguments so that the English (CLI, JSON)
// and a translation (GUI) are made from the same parts. The template holds %1..%9, each
// replaced by the argument of that number; an argument is either verbatim text (a key name,
// a number, a Redis reply) or another UserText, translated in turn.
class UserText
{
public:
    UserText() = default;
    // `context` and `template` are string literals, given through LOCKSCOPE_TEXT.
    template <typename... Arguments>
    UserText(const char* context, const char* pattern, Arguments&&... arguments)
        : m_context(context)
        , m_pattern(pattern)
    {
        if constexpr (sizeof...(arguments) > 0) {
            std::vector<UserText> all;
            all.reserve(sizeof...(arguments));
            (all.push_back(argument(std::forward<Arguments>(arguments))), ...);
            setArguments(std::move(all));
        }
    }

    // Text that is never translated: names, numbers, what Redis or the system said.
    static UserText verbatim(std::string text);

    bool isVerbatim() const { return m_context == nullptr; }
    bool empty() const { return isVerbatim() && verbatimText().empty(); }
    // The translation context and English template; empty for verbatim text.
    std::string_view context() const { return m_context ? m_context : ""; }
    std::string_view pattern() const { return m_pattern ? m_pattern : ""; }
    const std::string& verbatimText() const;
    const std::vector<UserText>& arguments() const;

    std::string english() const;

    // Replaces each %N (N = 1..9) of `pattern` by `arguments[N-1]`, in one pass, so an argument
    // that itself contains "%1" is left alone. A %N without an argument stays as it is.
    // (The GUI does the same over QString.)
    static std::string substitute(std::string_view pattern, const std::vector<std::string>& arguments);

    friend bool operator==(const UserText& a, const UserText& b);

private:
    static UserText argument(UserText text) { return text; }
    static UserText argument(std::string text) { return verbatim(std::move(text)); }
    static UserText argument(std::string_view text) { return verbatim(std::string(text)); }
    static UserText argument(const char* text) { return verbatim(text); }
    // (enable_if rather than a concept: Qt's moc reads this header through the GUI's and cannot parse
    // <concepts>.)
    template <typename Number, typename = std::enable_if_t<std::is_integral_v<Number>>>
    static UserText argument(Number number)
    {
        return verbatim(std::to_string(number));
    }

    void setArguments(std::vector<UserText> arguments);

    // The variable parts, behind one shared pointer: a text is copied into every snapshot of a
    // lock (its reason, notes, warnings), and most have no arguments at all. 32 bytes instead of
    // 72, and copies share the parts.
    struct Parts
    {
        std::string verbatim;
        std::vector<UserText> arguments;
    };
    const char* m_context = nullptr;
    const char* m_pattern = nullptr;
    std::shared_ptr<const Parts> m_parts; // null: no verbatim text, no arguments
};

} // namespace lockscope
