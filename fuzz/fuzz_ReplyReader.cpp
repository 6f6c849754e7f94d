// The reply reader on a byte stream cut anywhere: the replies (and the error, if any) read from
// the stream fed in random pieces must be those read from it fed at once. A difference means
// the reader's state across partial input (its pending bytes, the scanner/hiredis handover) is
// wrong.
#include "redis/ReplyReader.h"
#include "support/Crash.h"
#include "support/FuzzLimits.h"
#include "support/ReplyComparison.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <string>
#include <vector>

using namespace lockscope;

namespace {

struct Outcome
{
    std::vector<RedisReply> replies;
    bool failed = false;
};

// Drains the replies the reader has; false once it failed (the stream is then unusable).
bool drain(ReplyReader& reader, Outcome& outcome)
{
    for (;;) {
        auto next = reader.next();
        if (!next) {
            outcome.failed = true;
            return false;
        }
        if (!*next)
            return true;
        outcome.replies.push_back(std::move(**next));
    }
}

Outcome readAtOnce(const std::string& stream, const ReplyLimits& limits)
{
    ReplyReader reader(limits);
    Outcome outcome;
    if (!reader.feed(stream.data(), stream.size()))
        outcome.failed = true;
    else
        drain(reader, outcome);
    return outcome;
}

Outcome readInPieces(
    const std::string& stream, const std::vector<size_t>& pieceSizes, const ReplyLimits& limits)
{
    ReplyReader reader(limits);
    Outcome outcome;
    size_t position = 0;
    size_t piece = 0;
    while (position < stream.size()) {
        const size_t size = std::min(stream.size() - position, pieceSizes[piece++ % pieceSizes.size()]);
        if (!reader.feed(stream.data() + position, size)) {
            outcome.failed = true;
            return outcome;
        }
        position += size;
        if (!drain(reader, outcome))
            return outcome;
    }
    return outcome;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size)
{
    FuzzedDataProvider data(bytes, size);
    const ReplyLimits limits = fuzz::fuzzedLimits(data);
    std::vector<size_t> pieceSizes;
    const size_t pieces = data.ConsumeIntegralInRange<size_t>(1, 8);
    for (size_t i = 0; i < pieces; ++i)
        pieceSizes.push_back(data.ConsumeIntegralInRange<size_t>(1, 16));
    const std::string stream = data.ConsumeRemainingBytesAsString();

    const Outcome whole = readAtOnce(stream, limits);
    const Outcome cut = readInPieces(stream, pieceSizes, limits);
    LOCKSCOPE_FUZZ_CHECK(whole.failed == cut.failed);
    LOCKSCOPE_FUZZ_CHECK(whole.replies.size() == cut.replies.size());
    for (size_t i = 0; i < whole.replies.size(); ++i)
        LOCKSCOPE_FUZZ_CHECK(fuzz::sameReply(whole.replies[i], cut.replies[i]));
    return 0;
}
