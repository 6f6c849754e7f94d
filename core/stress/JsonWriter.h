#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace lockscope {

// Builds one JSON document as text, with commas and string escaping handled: enough for the
// reports LockScope prints (`stress --json`), without a JSON library in the core.
//     JsonWriter json; json.beginObject(); json.key("n").value(3); json.endObject(); json.text();
class JsonWriter
{
public:
    JsonWriter& beginObject();
    JsonWriter& endObject();
    JsonWriter& beginArray();
    JsonWriter& endArray();
    JsonWriter& key(std::string_view name);
    JsonWriter& value(std::string_view text);
    JsonWriter& value(const char* text) { return value(std::string_view(text)); }
    JsonWriter& value(long long number);
    JsonWriter& value(int number) { return value(static_cast<long long>(number)); }
    // Non-finite numbers have no JSON form: they are written as null.
    JsonWriter& value(double number);
    JsonWriter& value(bool flag);
    JsonWriter& null();

    const std::string& text() const { return m_text; }
    static std::string escape(std::string_view text);

private:
    void beforeValue();

    std::string m_text;
    // Per open container: has it got an element yet (a comma is due before the next one)?
    std::vector<bool> m_hasElement;
    bool m_afterKey = false;
};

} // namespace lockscope
