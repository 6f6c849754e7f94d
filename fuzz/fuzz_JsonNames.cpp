// Names in JSON (JsonWriter::bytesField): whatever bytes a lock's name holds, the object is valid
// JSON and reads back as exactly those bytes: from "name" when they are valid UTF-8, from
// "name_base64" (decoded here by a decoder of its own) when they are not; so two different names
// never come out the same (0xFF and "ÿ" do not collide).
#include "common/JsonWriter.h"
#include "support/Crash.h"
#include "support/JsonValidator.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <optional>
#include <string>

using namespace lockscope;
using fuzz::JsonValidator;

namespace {

bool validUtf8(std::string_view bytes)
{
    for (size_t at = 0; at < bytes.size();) {
        if (static_cast<unsigned char>(bytes[at]) < 0x80) {
            ++at;
            continue;
        }
        const size_t length = JsonValidator::utf8SequenceLength(bytes, at);
        if (length == 0)
            return false;
        at += length;
    }
    return true;
}

// RFC 4648 base64, padded; nullopt for anything else.
std::optional<std::string> fromBase64(std::string_view text)
{
    if (text.size() % 4 != 0)
        return std::nullopt;
    auto value = [](char c) -> int {
        if (c >= 'A' && c <= 'Z')
            return c - 'A';
        if (c >= 'a' && c <= 'z')
            return c - 'a' + 26;
        if (c >= '0' && c <= '9')
            return c - '0' + 52;
        return c == '+' ? 62 : c == '/' ? 63 : -1;
    };
    std::string bytes;
    for (size_t at = 0; at < text.size(); at += 4) {
        const bool last = at + 4 == text.size();
        const int padding = last ? (text[at + 3] == '=') + (text[at + 2] == '=') : 0;
        if (padding == 1 && text[at + 2] == '=')
            return std::nullopt;
        unsigned group = 0;
        for (int k = 0; k < 4; ++k) {
            const int v = k >= 4 - padding ? 0 : value(text[at + k]);
            if (v < 0)
                return std::nullopt;
            group = (group << 6) | static_cast<unsigned>(v);
        }
        bytes += static_cast<char>(group >> 16);
        if (padding < 2)
            bytes += static_cast<char>((group >> 8) & 0xff);
        if (padding < 1)
            bytes += static_cast<char>(group & 0xff);
    }
    return bytes;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider provider(data, size);
    const std::string name = provider.ConsumeRandomLengthString(256);
    JsonWriter writer;
    writer.beginObject().bytesField("name", name).endObject();
    const std::string& text = writer.text();
    LOCKSCOPE_FUZZ_CHECK(JsonValidator::isValid(text));

    const bool text64 = text.starts_with("{\"name_base64\":");
    LOCKSCOPE_FUZZ_CHECK(text64 || text.starts_with("{\"name\":"));
    LOCKSCOPE_FUZZ_CHECK(text64 != validUtf8(name));
    const size_t from = text.find(':') + 1;
    const auto value
        = JsonValidator::decodeString(std::string_view(text).substr(from, text.size() - from - 1));
    LOCKSCOPE_FUZZ_CHECK(value.has_value());
    if (text64) {
        const auto bytes = fromBase64(*value);
        LOCKSCOPE_FUZZ_CHECK(bytes.has_value());
        LOCKSCOPE_FUZZ_CHECK(*bytes == name);
    } else {
        LOCKSCOPE_FUZZ_CHECK(*value == name);
    }
    return 0;
}
