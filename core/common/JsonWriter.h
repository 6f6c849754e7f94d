#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lockscope {

// A small streaming JSON writer: objects, arrays, strings, numbers, booleans, null. Strings are
// raw bytes: valid UTF-8 passes through, control characters become \u escapes, and each byte
// that is not part of valid UTF-8 becomes \u00XX (the byte as a code point), so any key name -
// NUL bytes included - yields valid JSON.
class JsonWriter
{
public:
    JsonWriter& beginObject();
    JsonWriter& endObject();
    JsonWriter& beginArray();
    JsonWriter& endArray();
    JsonWriter& key(std::string_view name);
    JsonWriter& string(std::string_view bytes);
    JsonWriter& number(long long value);
    JsonWriter& number(double value);
    JsonWriter& boolean(bool value);
    JsonWriter& null();
    JsonWriter& optionalNumber(const std::optional<long long>& value);
    // Bytes read from Redis under a name (a lock's name, key or holder): `"key": "text"` when
    // they are valid UTF-8, else `"key_base64": "..."` (RFC 4648 base64 of the bytes), so that a
    // name that is not text never reads as one that is (0xFF and "\u00ff" stay apart) and
    // every name reads back exactly. A reader takes `key`, or decodes `key_base64`.
    JsonWriter& bytesField(std::string_view key, std::string_view bytes);
    // The same for a list of such bytes: `"key": [...]` when all are valid UTF-8, else
    // `"key_base64": [...]` with every element in base64.
    JsonWriter& bytesListField(std::string_view key, const std::vector<std::string>& list);

    // Overloads by type, for reports that write many fields of mixed types.
    JsonWriter& value(std::string_view text) { return string(text); }
    JsonWriter& value(const char* text) { return string(text); }
    JsonWriter& value(const std::string& text) { return string(text); }
    JsonWriter& value(int number) { return this->number(static_cast<long long>(number)); }
    JsonWriter& value(long number) { return this->number(static_cast<long long>(number)); }
    JsonWriter& value(long long number) { return this->number(number); }
    JsonWriter& value(unsigned long number) { return this->number(static_cast<long long>(number)); }
    JsonWriter& value(unsigned long long number) { return this->number(static_cast<long long>(number)); }
    JsonWriter& value(double number) { return this->number(number); }
    JsonWriter& value(bool flag) { return boolean(flag); }

    const std::string& text() const { return m_out; }
    static std::string quote(std::string_view bytes);
    static bool isUtf8(std::string_view bytes);
    static std::string base64(std::string_view bytes);

private:
    void beforeValue();

    std::string m_out;
    // Per open container: has it got an element yet. A key marks the next value as its own.
    std::vector<bool> m_hasElement;
    bool m_afterKey = false;
};

} // namespace lockscope
