#include "common/DisplayText.h"

#include "common/EscapeSequence.h"
#include "common/Utf8.h"

#include <utf8proc.h>

namespace lockscope {

namespace {

void appendHex(std::string& out, unsigned char c)
{
    static const char hex[] = "0123456789abcdef";
    out += "\\x";
    out += hex[c >> 4];
    out += hex[c & 0xf];
}

} // namespace

std::string DisplayText::escaped(std::string_view bytes, size_t maxBytes)
{
    std::string out;
    for (size_t i = 0; i < bytes.size();) {
        if (i >= maxBytes) {
            out += "...";
            break;
        }
        const auto c = static_cast<unsigned char>(bytes[i]);
        if (c < 0x80) {
            if (const auto escape = EscapeSequence::shortFor(c); !escape.empty())
                out += escape;
            else if (c < 0x20 || c == 0x7f)
                appendHex(out, c);
            else
                out += static_cast<char>(c);
            ++i;
            continue;
        }
        const size_t length = Utf8::sequenceLength(bytes, i);
        const char32_t codePoint = length ? Utf8::decode(bytes, i, length) : 0;
        // Invalid bytes, and the C1 controls a terminal would act on, as the bytes they are.
        if (length == 0 || codePoint < 0xa0) {
            for (size_t k = 0; k < std::max<size_t>(length, 1); ++k)
                appendHex(out, static_cast<unsigned char>(bytes[i + k]));
            i += std::max<size_t>(length, 1);
            continue;
        }
        out.append(bytes.substr(i, length));
        i += length;
    }
    return out;
}

size_t DisplayText::width(std::string_view text)
{
    size_t columns = 0;
    for (size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            columns += c >= 0x20 && c != 0x7f;
            ++i;
            continue;
        }
        const size_t length = Utf8::sequenceLength(text, i);
        if (length == 0) {
            ++columns; // shown as one replacement character at most
            ++i;
            continue;
        }
        const int width = utf8proc_charwidth(static_cast<utf8proc_int32_t>(Utf8::decode(text, i, length)));
        columns += width > 0 ? static_cast<size_t>(width) : 0;
        i += length;
    }
    return columns;
}

std::string DisplayText::padded(std::string_view text, size_t columns)
{
    const size_t width = DisplayText::width(text);
    std::string out(text);
    if (width < columns)
        out.append(columns - width, ' ');
    return out;
}

} // namespace lockscope
