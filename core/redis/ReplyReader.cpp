#include "redis/ReplyReader.h"

#include "redis/SimpleReplyScanner.h"

#include <hiredis/read.h>

#include <memory>

namespace lockscope {

struct ReplyReader::BuildState
{
    ReplyLimits limits;
    size_t elements = 0; // array slots allocated for the reply being built
    size_t bytes = 0; // string bytes copied for it
    bool limitExceeded = false;
    std::string limitMessage;
};

namespace {

constexpr size_t keptPendingBytes = 1024 * 1024;

// hiredis hands us each value with its position in the parent array; we build the tree in
// place. Parent arrays are sized once (createArray), so element addresses stay stable.
ReplyReader::BuildState* stateOf(const redisReadTask* task)
{
    return static_cast<ReplyReader::BuildState*>(task->privdata);
}

void* place(const redisReadTask* task, RedisReply value)
{
    if (task->parent) {
        auto* parent = static_cast<RedisReply*>(task->parent->obj);
        auto& slot = parent->elements()[static_cast<size_t>(task->idx)];
        slot = std::move(value);
        return &slot;
    }
    return new RedisReply(std::move(value));
}

bool chargeBytes(const redisReadTask* task, size_t size)
{
    auto* state = stateOf(task);
    state->bytes += size;
    if (state->bytes > state->limits.maxReplyBytes) {
        state->limitExceeded = true;
        state->limitMessage
            = "reply larger than the limit of " + std::to_string(state->limits.maxReplyBytes) + " bytes";
        return false;
    }
    return true;
}

void* createString(const redisReadTask* task, char* str, size_t len)
{
    if (!chargeBytes(task, len))
        return nullptr;
    std::string bytes(str, len);
    switch (task->type) {
    case REDIS_REPLY_ERROR:
        return place(task, RedisReply::error(std::move(bytes)));
    case REDIS_REPLY_STATUS:
        return place(task, RedisReply::status(std::move(bytes)));
    default:
        return place(task, RedisReply::string(std::move(bytes)));
    }
}

void* createArray(const redisReadTask* task, int elements)
{
    auto* state = stateOf(task);
    if (elements < 0)
        return place(task, RedisReply::nil());
    state->elements += static_cast<size_t>(elements);
    if (state->elements > state->limits.maxElements
        || !chargeBytes(task, static_cast<size_t>(elements) * sizeof(RedisReply))) {
        state->limitExceeded = true;
        state->limitMessage = "reply with more than " + std::to_string(state->limits.maxElements)
            + " elements (or " + std::to_string(state->limits.maxReplyBytes) + " bytes)";
        return nullptr;
    }
    return place(task, RedisReply::array(std::vector<RedisReply>(static_cast<size_t>(elements))));
}

void* createInteger(const redisReadTask* task, long long value)
{
    return place(task, RedisReply::integer(value));
}

void* createNil(const redisReadTask* task)
{
    return place(task, RedisReply::nil());
}

// hiredis only ever frees the root object; children live inside it.
void freeObject(void* object)
{
    delete static_cast<RedisReply*>(object);
}

redisReplyObjectFunctions replyFunctions = {createString, createArray, createInteger, createNil, freeObject};

} // namespace

ReplyReader::ReplyReader(ReplyLimits limits)
    : m_limits(limits)
{
    reset();
}

ReplyReader::~ReplyReader()
{
    if (m_reader)
        redisReaderFree(m_reader);
    delete m_state;
}

void ReplyReader::reset()
{
    if (m_reader)
        redisReaderFree(m_reader);
    delete m_state;
    m_pending.clear();
    m_pendingPos = 0;
    m_state = new BuildState;
    m_state->limits = m_limits;
    m_reader = redisReaderCreateWithFunctions(&replyFunctions);
    m_reader->privdata = m_state;
}

Status ReplyReader::feed(const char* data, size_t size)
{
    if (!m_reader)
        return makeError(ErrorKind::Internal, "out of memory creating the reply parser");
    // While hiredis has nothing buffered or half-built, new bytes wait here for the scanner;
    // once something has gone to hiredis, what follows must too, to keep the order.
    if (hiredisIdle()) {
        dropConsumedPending();
        m_pending.append(data, size);
        return Done {};
    }
    if (redisReaderFeed(m_reader, data, size) != REDIS_OK)
        return makeError(ErrorKind::Internal, "out of memory buffering a reply");
    return Done {};
}

void ReplyReader::dropConsumedPending()
{
    if (m_pendingPos == m_pending.size()) {
        // After one large reply the buffer would keep its size for the connection's life.
        if (m_pending.capacity() > keptPendingBytes)
            std::string().swap(m_pending);
        m_pending.clear();
        m_pendingPos = 0;
    } else if (m_pendingPos > keptPendingBytes / 16) {
        m_pending.erase(0, m_pendingPos);
        m_pendingPos = 0;
    }
}

bool ReplyReader::hiredisIdle() const
{
    // Nothing buffered, and no reply begun: hiredis's stack is either empty or holds only the
    // root task it sets up when asked for a reply with nothing to read (type not read yet).
    return m_reader->pos == m_reader->len
        && (m_reader->ridx == -1 || (m_reader->ridx == 0 && m_reader->rstack[0].type < 0));
}

Result<std::optional<RedisReply>> ReplyReader::next()
{
    if (!m_reader)
        return makeError(ErrorKind::Internal, "out of memory creating the reply parser");
    if (m_pendingPos < m_pending.size()) {
        const std::string_view unread(m_pending.data() + m_pendingPos, m_pending.size() - m_pendingPos);
        auto scanned = SimpleReplyScanner::scan(unread, m_limits);
        switch (scanned.outcome) {
        case SimpleReplyScanner::Outcome::Reply:
            m_pendingPos += scanned.consumed;
            return std::optional<RedisReply>(std::move(scanned.reply));
        case SimpleReplyScanner::Outcome::NeedMore:
            return std::optional<RedisReply>();
        case SimpleReplyScanner::Outcome::TooLarge:
            return makeError(ErrorKind::ReplyTooLarge,
                "reply larger than the limit of " + std::to_string(m_limits.maxReplyBytes) + " bytes");
        case SimpleReplyScanner::Outcome::NotSimple:
            if (redisReaderFeed(m_reader, unread.data(), unread.size()) != REDIS_OK)
                return makeError(ErrorKind::Internal, "out of memory buffering a reply");
            m_pendingPos = m_pending.size();
            dropConsumedPending();
            break;
        }
    } else if (hiredisIdle()) {
        return std::optional<RedisReply>();
    }
    void* object = nullptr;
    if (redisReaderGetReply(m_reader, &object) != REDIS_OK) {
        if (m_state->limitExceeded)
            return makeError(ErrorKind::ReplyTooLarge, m_state->limitMessage);
        return makeError(ErrorKind::Protocol, std::string("invalid reply from server: ") + m_reader->errstr);
    }
    if (!object) {
        if (bufferedBytes() > SimpleReplyScanner::mostBufferedBytes(m_limits))
            return makeError(ErrorKind::ReplyTooLarge,
                "reply larger than the limit of " + std::to_string(m_limits.maxReplyBytes) + " bytes");
        return std::optional<RedisReply>();
    }
    std::unique_ptr<RedisReply> reply(static_cast<RedisReply*>(object));
    m_state->elements = 0;
    m_state->bytes = 0;
    takeBackUnparsed();
    return std::optional<RedisReply>(std::move(*reply));
}

void ReplyReader::takeBackUnparsed()
{
    // The replies after one that hiredis read go back to the scanner, as they would had they
    // arrived after it: how the bytes were cut must not decide which path reads a reply, since
    // the paths refuse an oversized one at different moments (found by fuzz_ReplyReader).
    if (m_reader->pos >= m_reader->len)
        return;
    dropConsumedPending();
    m_pending.append(m_reader->buf + m_reader->pos, m_reader->len - m_reader->pos);
    m_reader->pos = m_reader->len;
}

size_t ReplyReader::bufferedBytes() const
{
    return (m_reader ? m_reader->len - m_reader->pos : 0) + (m_pending.size() - m_pendingPos);
}

} // namespace lockscope
