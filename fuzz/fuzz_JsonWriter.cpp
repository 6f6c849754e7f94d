// The JSON writer's escaping: whatever bytes go into keys and strings, and however the
// containers nest, the output is valid JSON (checked by an independent strict validator), and
// each string reads back as the writer promises: valid UTF-8 unchanged, every other byte as the
// code point of the same value.
#include "common/JsonWriter.h"
#include "support/Crash.h"
#include "support/JsonValidator.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <limits>
#include <string>

using namespace lockscope;
using fuzz::JsonValidator;

namespace {

std::string promisedText(std::string_view bytes)
{
    std::string text;
    for (size_t at = 0; at < bytes.size();) {
        const size_t length = JsonValidator::utf8SequenceLength(bytes, at);
        if (length == 0) {
            text += JsonValidator::utf8Of(static_cast<unsigned char>(bytes[at]));
            ++at;
        } else {
            text.append(bytes.substr(at, length));
            at += length;
        }
    }
    return text;
}

void writeValue(JsonWriter& writer, FuzzedDataProvider& data, int depth)
{
    switch (depth > 8 ? data.ConsumeIntegralInRange(0, 4) : data.ConsumeIntegralInRange(0, 6)) {
    case 0:
        writer.string(data.ConsumeRandomLengthString(64));
        break;
    case 1:
        writer.number(data.ConsumeIntegral<long long>());
        break;
    case 2: {
        // Finite doubles, and what JSON cannot spell: NaN and the infinities.
        const double special[] = {std::numeric_limits<double>::quiet_NaN(),
            std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(), -0.0};
        writer.number(
            data.ConsumeBool() ? data.ConsumeFloatingPoint<double>() : data.PickValueInArray(special));
        break;
    }
    case 3:
        writer.boolean(data.ConsumeBool());
        break;
    case 4:
        writer.null();
        break;
    case 5: {
        writer.beginArray();
        const int count = data.ConsumeIntegralInRange(0, 4);
        for (int i = 0; i < count; ++i)
            writeValue(writer, data, depth + 1);
        writer.endArray();
        break;
    }
    default: {
        writer.beginObject();
        const int count = data.ConsumeIntegralInRange(0, 4);
        for (int i = 0; i < count; ++i) {
            writer.key(data.ConsumeRandomLengthString(32));
            writeValue(writer, data, depth + 1);
        }
        writer.endObject();
        break;
    }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size)
{
    FuzzedDataProvider data(bytes, size);
    const std::string raw = data.ConsumeRandomLengthString(256);
    const auto decoded = JsonValidator::decodeString(JsonWriter::quote(raw));
    LOCKSCOPE_FUZZ_CHECK(decoded.has_value());
    LOCKSCOPE_FUZZ_CHECK(*decoded == promisedText(raw));

    JsonWriter writer;
    writeValue(writer, data, 0);
    LOCKSCOPE_FUZZ_CHECK(JsonValidator::isValid(writer.text()));
    return 0;
}
