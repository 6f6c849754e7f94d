#pragma once

#include "common/UserText.h"

namespace lockscope {

// A translatable sentence kept in a table: what LOCKSCOPE_TEXT gives (context and English
// template), made a UserText with its arguments when a lock is read. No pattern: no sentence.
struct TextTemplate
{
    const char* context = nullptr;
    const char* pattern = nullptr;

    template <typename... Arguments>
    UserText with(Arguments&&... arguments) const
    {
        return UserText(context, pattern, std::forward<Arguments>(arguments)...);
    }
};

} // namespace lockscope
