#include "support/JsonValidator.h"

namespace lockscope::fuzz {

namespace {

constexpr int deepest = 256;

class Parser
{
public:
    explicit Parser(std::string_view text)
        : m_text(text)
    {
    }

    bool document()
    {
        skipSpace();
        if (!value(0))
            return false;
        skipSpace();
        return m_at == m_text.size();
    }

    bool string(std::string* decoded)
    {
        if (!take('"'))
            return false;
        while (m_at < m_text.size()) {
            const auto byte = static_cast<unsigned char>(m_text[m_at]);
            if (byte == '"') {
                ++m_at;
                return true;
            }
            if (byte < 0x20)
                return false;
            if (byte == '\\') {
                if (!escape(decoded))
                    return false;
                continue;
            }
            const size_t length = utf8Sequence();
            if (length == 0)
                return false;
            if (decoded)
                decoded->append(m_text.substr(m_at, length));
            m_at += length;
        }
        return false;
    }

    bool atEnd() const { return m_at == m_text.size(); }

private:
    bool value(int depth)
    {
        if (depth > deepest || m_at >= m_text.size())
            return false;
        switch (m_text[m_at]) {
        case '{':
            return object(depth + 1);
        case '[':
            return array(depth + 1);
        case '"':
            return string(nullptr);
        case 't':
            return word("true");
        case 'f':
            return word("false");
        case 'n':
            return word("null");
        default:
            return number();
        }
    }

    bool object(int depth)
    {
        ++m_at;
        skipSpace();
        if (take('}'))
            return true;
        for (;;) {
            skipSpace();
            if (!string(nullptr))
                return false;
            skipSpace();
            if (!take(':'))
                return false;
            skipSpace();
            if (!value(depth))
                return false;
            skipSpace();
            if (take('}'))
                return true;
            if (!take(','))
                return false;
        }
    }

    bool array(int depth)
    {
        ++m_at;
        skipSpace();
        if (take(']'))
            return true;
        for (;;) {
            skipSpace();
            if (!value(depth))
                return false;
            skipSpace();
            if (take(']'))
                return true;
            if (!take(','))
                return false;
        }
    }

    bool number()
    {
        take('-');
        if (take('0')) {
        } else if (!digits()) {
            return false;
        }
        if (take('.') && !digits())
            return false;
        if (take('e') || take('E')) {
            if (!take('+'))
                take('-');
            if (!digits())
                return false;
        }
        return true;
    }

    bool digits()
    {
        const size_t from = m_at;
        while (m_at < m_text.size() && m_text[m_at] >= '0' && m_text[m_at] <= '9')
            ++m_at;
        return m_at > from;
    }

    bool word(std::string_view expected)
    {
        if (m_text.substr(m_at, expected.size()) != expected)
            return false;
        m_at += expected.size();
        return true;
    }

    bool escape(std::string* decoded)
    {
        ++m_at; // the backslash
        if (m_at >= m_text.size())
            return false;
        const char kind = m_text[m_at++];
        char plain = 0;
        switch (kind) {
        case '"':
            plain = '"';
            break;
        case '\\':
            plain = '\\';
            break;
        case '/':
            plain = '/';
            break;
        case 'b':
            plain = '\b';
            break;
        case 'f':
            plain = '\f';
            break;
        case 'n':
            plain = '\n';
            break;
        case 'r':
            plain = '\r';
            break;
        case 't':
            plain = '\t';
            break;
        case 'u': {
            unsigned codePoint = 0;
            if (!hex4(codePoint))
                return false;
            if (codePoint >= 0xDC00 && codePoint <= 0xDFFF)
                return false; // a low surrogate first
            if (codePoint >= 0xD800 && codePoint <= 0xDBFF) {
                unsigned low = 0;
                if (!take('\\') || !take('u') || !hex4(low) || low < 0xDC00 || low > 0xDFFF)
                    return false;
                codePoint = 0x10000 + ((codePoint - 0xD800) << 10) + (low - 0xDC00);
            }
            if (decoded)
                appendUtf8(*decoded, codePoint);
            return true;
        }
        default:
            return false;
        }
        if (decoded)
            decoded->push_back(plain);
        return true;
    }

    bool hex4(unsigned& value)
    {
        for (int i = 0; i < 4; ++i) {
            if (m_at >= m_text.size())
                return false;
            const char c = m_text[m_at++];
            value <<= 4;
            if (c >= '0' && c <= '9')
                value |= static_cast<unsigned>(c - '0');
            else if (c >= 'a' && c <= 'f')
                value |= static_cast<unsigned>(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F')
                value |= static_cast<unsigned>(c - 'A' + 10);
            else
                return false;
        }
        return true;
    }

    size_t utf8Sequence() const { return JsonValidator::utf8SequenceLength(m_text, m_at); }

public:
    static void appendUtf8(std::string& out, unsigned codePoint)
    {
        if (codePoint < 0x80) {
            out.push_back(static_cast<char>(codePoint));
        } else if (codePoint < 0x800) {
            out.push_back(static_cast<char>(0xC0 | (codePoint >> 6)));
            out.push_back(static_cast<char>(0x80 | (codePoint & 0x3F)));
        } else if (codePoint < 0x10000) {
            out.push_back(static_cast<char>(0xE0 | (codePoint >> 12)));
            out.push_back(static_cast<char>(0x80 | ((codePoint >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (codePoint & 0x3F)));
        } else {
            out.push_back(static_cast<char>(0xF0 | (codePoint >> 18)));
            out.push_back(static_cast<char>(0x80 | ((codePoint >> 12) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | ((codePoint >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (codePoint & 0x3F)));
        }
    }

private:
    bool take(char expected)
    {
        if (m_at < m_text.size() && m_text[m_at] == expected) {
            ++m_at;
            return true;
        }
        return false;
    }

    void skipSpace()
    {
        while (m_at < m_text.size()
            && (m_text[m_at] == ' ' || m_text[m_at] == '\t' || m_text[m_at] == '\n' || m_text[m_at] == '\r'))
            ++m_at;
    }

    std::string_view m_text;
    size_t m_at = 0;
};

} // namespace

bool JsonValidator::isValid(std::string_view text)
{
    return Parser(text).document();
}

std::optional<std::string> JsonValidator::decodeString(std::string_view literal)
{
    Parser parser(literal);
    std::string decoded;
    if (!parser.string(&decoded) || !parser.atEnd())
        return std::nullopt;
    return decoded;
}

} // namespace lockscope::fuzz

namespace lockscope::fuzz {

size_t JsonValidator::utf8SequenceLength(std::string_view bytes, size_t start)
{
    const auto at = [&](size_t i) { return static_cast<unsigned char>(bytes[start + i]); };
    const size_t left = bytes.size() - start;
    const unsigned char lead = at(0);
    if (lead < 0x80)
        return 1;
    size_t length = 0;
    unsigned codePoint = 0;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
        codePoint = lead & 0x1F;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        codePoint = lead & 0x0F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        codePoint = lead & 0x07;
    } else {
        return 0;
    }
    if (left < length)
        return 0;
    for (size_t i = 1; i < length; ++i) {
        if ((at(i) & 0xC0) != 0x80)
            return 0;
        codePoint = (codePoint << 6) | (at(i) & 0x3F);
    }
    if ((length == 3 && codePoint < 0x800) || (length == 4 && codePoint < 0x10000) || codePoint > 0x10FFFF
        || (codePoint >= 0xD800 && codePoint <= 0xDFFF))
        return 0;
    return length;
}

std::string JsonValidator::utf8Of(unsigned codePoint)
{
    std::string out;
    Parser::appendUtf8(out, codePoint);
    return out;
}

} // namespace lockscope::fuzz
