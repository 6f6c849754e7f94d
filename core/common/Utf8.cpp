#include "common/Utf8.h"

namespace lockscope {

size_t Utf8::sequenceLength(std::string_view s, size_t i)
{
    const auto b0 = static_cast<unsigned char>(s[i]);
    size_t length = 0;
    unsigned minimum = 0;
    unsigned codePoint = 0;
    if (b0 >= 0xc2 && b0 <= 0xdf) {
        length = 2;
        minimum = 0x80;
        codePoint = b0 & 0x1f;
    } else if (b0 >= 0xe0 && b0 <= 0xef) {
        length = 3;
        minimum = 0x800;
        codePoint = b0 & 0x0f;
    } else if (b0 >= 0xf0 && b0 <= 0xf4) {
        length = 4;
        minimum = 0x10000;
        codePoint = b0 & 0x07;
    } else {
        return 0;
    }
    if (i + length > s.size())
        return 0;
    for (size_t k = 1; k < length; ++k) {
        const auto b = static_cast<unsigned char>(s[i + k]);
        if ((b & 0xc0) != 0x80)
            return 0;
        codePoint = (codePoint << 6) | (b & 0x3f);
    }
    if (codePoint < minimum || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff))
        return 0;
    return length;
}

bool Utf8::isValid(std::string_view bytes)
{
    for (size_t i = 0; i < bytes.size();) {
        if (static_cast<unsigned char>(bytes[i]) < 0x80) {
            ++i;
            continue;
        }
        const size_t length = sequenceLength(bytes, i);
        if (length == 0)
            return false;
        i += length;
    }
    return true;
}

char32_t Utf8::decode(std::string_view bytes, size_t at, size_t length)
{
    static const unsigned char leadMask[] = {0, 0x7f, 0x1f, 0x0f, 0x07};
    char32_t codePoint = static_cast<unsigned char>(bytes[at]) & leadMask[length];
    for (size_t k = 1; k < length; ++k)
        codePoint = (codePoint << 6) | (static_cast<unsigned char>(bytes[at + k]) & 0x3f);
    return codePoint;
}

} // namespace lockscope
