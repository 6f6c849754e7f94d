// The simple-reply scanner against hiredis, the reference it must agree with: a reply the
// scanner reads must be read the same by hiredis (the same bytes wrapped as the first element of
// an array too long for the scanner, which hiredis then parses alone), and every shorter prefix
// of it must ask for more bytes, never yield a different reply.
#include "redis/ReplyReader.h"
#include "redis/SimpleReplyScanner.h"
#include "support/Crash.h"
#include "support/FuzzLimits.h"
#include "support/ReplyComparison.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <string>

using namespace lockscope;

namespace {

// The reply hiredis reads from `bytes` (one whole reply), or nullopt when it reads none.
std::optional<RedisReply> hiredisReads(std::string_view bytes)
{
    constexpr size_t fillers = SimpleReplyScanner::flatArrayMostElements;
    std::string wrapped = "*" + std::to_string(fillers + 1) + "\r\n";
    wrapped.append(bytes);
    for (size_t i = 0; i < fillers; ++i)
        wrapped += "+f\r\n";
    ReplyReader reader(ReplyLimits {});
    if (!reader.feed(wrapped.data(), wrapped.size()))
        return std::nullopt;
    auto next = reader.next();
    if (!next || !*next)
        return std::nullopt;
    const RedisReply& array = **next;
    if (!array.isArray() || array.size() != fillers + 1)
        return std::nullopt;
    return array.elements()[0];
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size)
{
    FuzzedDataProvider data(bytes, size);
    const ReplyLimits limits = fuzz::fuzzedLimits(data);
    const std::string input = data.ConsumeRemainingBytesAsString();

    const SimpleReplyScanner::Scan scan = SimpleReplyScanner::scan(input, limits);
    if (scan.outcome != SimpleReplyScanner::Outcome::Reply)
        return 0;
    LOCKSCOPE_FUZZ_CHECK(scan.consumed > 0 && scan.consumed <= input.size());
    const std::string_view reply(input.data(), scan.consumed);

    auto reference = hiredisReads(reply);
    LOCKSCOPE_FUZZ_CHECK(reference.has_value());
    LOCKSCOPE_FUZZ_CHECK(fuzz::sameReply(scan.reply, *reference));

    for (size_t cut = 0; cut < scan.consumed; ++cut) {
        const auto partial = SimpleReplyScanner::scan(reply.substr(0, cut), limits);
        LOCKSCOPE_FUZZ_CHECK(partial.outcome == SimpleReplyScanner::Outcome::NeedMore);
    }
    return 0;
}
