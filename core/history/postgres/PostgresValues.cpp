#include "history/postgres/PostgresValues.h"

namespace lockscope {

std::string postgresText(std::string_view text)
{
    std::string valid;
    valid.reserve(text.size());
    for (size_t i = 0; i < text.size();) {
        const auto lead = static_cast<unsigned char>(text[i]);
        size_t length = lead < 0x80 ? 1
            : (lead >> 5) == 0x6    ? 2
            : (lead >> 4) == 0xE    ? 3
            : (lead >> 3) == 0x1E   ? 4
                                    : 0;
        bool ok = length > 0 && lead != 0 && i + length <= text.size();
        for (size_t k = 1; ok && k < length; ++k)
            ok = (static_cast<unsigned char>(text[i + k]) & 0xC0) == 0x80;
        if (!ok) {
            valid += '?';
            ++i;
            continue;
        }
        valid.append(text.substr(i, length));
        i += length;
    }
    return valid;
}

} // namespace lockscope
