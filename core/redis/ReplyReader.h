#pragma once

#include "common/Result.h"
#include "redis/ConnectionOptions.h"
#include "redis/RedisReply.h"

#include <optional>
#include <string>

struct redisReader;

namespace lockscope {

// RESP2 parsing with hiredis's redisReader, building RedisReply trees directly and enforcing
// ReplyLimits while it does: a reply that claims more elements or bytes than allowed fails
// before anything that large is allocated. Simple replies (status, error, integer, nil, bulk
// string) that arrive while hiredis is idle are read by SimpleReplyScanner instead.
class ReplyReader
{
public:
    explicit ReplyReader(ReplyLimits limits);
    ~ReplyReader();
    ReplyReader(const ReplyReader&) = delete;
    ReplyReader& operator=(const ReplyReader&) = delete;

    Status feed(const char* data, size_t size);
    // A complete reply if one is buffered, nullopt when more bytes are needed, or an error
    // (protocol violation or limit exceeded) after which the stream is unusable.
    Result<std::optional<RedisReply>> next();
    // Bytes received but not yet consumed: what a slow or hostile reply is costing us.
    size_t bufferedBytes() const;
    void reset();

    struct BuildState;

private:
    bool hiredisIdle() const;
    void dropConsumedPending();
    void takeBackUnparsed();

    ReplyLimits m_limits;
    // Received bytes not handed to hiredis (yet): simple replies are read from here directly
    // (SimpleReplyScanner). Consumed up to m_pendingPos.
    std::string m_pending;
    size_t m_pendingPos = 0;
    redisReader* m_reader = nullptr;
    BuildState* m_state = nullptr;
};

} // namespace lockscope
