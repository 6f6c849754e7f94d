#include "locks/waiting/UnlockSubscriber.h"

#include "locks/waiting/WaiterRegistry.h"
#include "redis/LazyConnection.h"

#include <algorithm>

namespace lockscope {

namespace {
using Clock = std::chrono::steady_clock;

bool isPush(const RedisReply& reply, std::string_view kind, const std::string& channel)
{
    return reply.isArray() && reply.size() == 3 && reply.at(0).toStringView() == kind
        && reply.at(1).toStringView() == channel;
}
} // namespace

UnlockSubscriber::UnlockSubscriber(ConnectionOptions options)
    : m_options(std::move(options))
{
    m_options.clientRole = "waiter";
    m_options.readOnly = false; // SUBSCRIBE is not a write, but the policy does not know it
}

UnlockSubscriber::~UnlockSubscriber() = default;

Status UnlockSubscriber::sendSubscribe()
{
    auto connection = LazyConnection::in(m_connection, m_options);
    if (!connection)
        return connection.error();
    RedisCommand command {"SUBSCRIBE"};
    command.insert(command.end(), m_channels.begin(), m_channels.end());
    auto sent = m_connection->send(command);
    if (!sent) {
        m_connection.reset();
        return sent.error();
    }
    return Done {};
}

Status UnlockSubscriber::awaitSubscribed()
{
    if (!m_connection)
        return makeError(ErrorKind::Disconnected, "the subscription connection is gone");
    const auto giveUpAt = Clock::now() + m_options.commandTimeout;
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(giveUpAt - Clock::now());
        auto reply = m_connection->readReply(std::max(left, std::chrono::milliseconds(1)));
        if (!reply) {
            m_connection.reset();
            return reply.error();
        }
        if (reply->isError()) {
            m_connection.reset();
            return RedisError::fromServerReply(reply->text());
        }
        // The confirmations come in the order of the channels: the last one confirms them all.
        if (isPush(*reply, "subscribe", m_channels.back()))
            return Done {};
        // Anything else is what an earlier wait left unread (its UNSUBSCRIBE confirmation, late
        // messages): skip it.
    }
}

Status UnlockSubscriber::subscribe()
{
    auto sent = sendSubscribe();
    if (!sent)
        return sent;
    return awaitSubscribed();
}

void UnlockSubscriber::unsubscribeLater()
{
    RedisCommand command {"UNSUBSCRIBE"};
    command.insert(command.end(), m_channels.begin(), m_channels.end());
    if (m_connection && !m_connection->send(command))
        m_connection.reset(); // state unknown: start afresh next time
}

Result<UnlockSubscriber::Ending> UnlockSubscriber::waitFor(const std::string& channel,
    const AttemptFunction& attempt, std::optional<Clock::time_point> deadline,
    const CancellationToken* cancel, WaiterRegistry* registry, std::optional<Clock::time_point> holdOffUntil,
    const std::string& grantChannel)
{
    m_channels = {channel};
    if (!grantChannel.empty())
        m_channels.push_back(grantChannel);
    auto sent = sendSubscribe();
    if (!sent)
        return sent.error();
    if (registry) {
        // On the command connection, while the SUBSCRIBE is on its way: one round trip for both.
        // A waiter that queued in a LocalWaitLine is registered already: no round trip then.
        auto entered = registry->refreshIfDue();
        if (!entered) {
            unsubscribeLater();
            return entered.error();
        }
    }
    auto subscribed = awaitSubscribed();
    if (!subscribed)
        return subscribed.error();
    Ending ending;
    // When to run the acquire script again without a message; `never` until a script says.
    constexpr Clock::time_point never = Clock::time_point::max();
    Clock::time_point retryAt = holdOffUntil.value_or(never);
    bool attemptNow = !holdOffUntil;
    for (;;) {
        if (attemptNow) {
            auto tried = attempt();
            if (!tried) {
                unsubscribeLater();
                return tried.error();
            }
            if (tried->acquired) {
                unsubscribeLater();
                ending.outcome = AcquireOutcome::Acquired;
                ending.attempt = std::move(tried.value());
                return ending;
            }
            retryAt = never;
            if (tried->retryAfter.count() >= 0)
                retryAt = Clock::now() + tried->retryAfter;
        }
        attemptNow = true;

        // Block on the channel until a message, the holder's TTL, the deadline, or a cancel.
        for (;;) {
            if (cancel && cancel->isCancelled()) {
                unsubscribeLater();
                ending.outcome = AcquireOutcome::Cancelled;
                return ending;
            }
            const auto now = Clock::now();
            if (deadline && now >= *deadline) {
                unsubscribeLater();
                ending.outcome = AcquireOutcome::TimedOut;
                return ending;
            }
            if (now >= retryAt)
                break;
            auto until = now + checkInterval;
            if (deadline)
                until = std::min(until, *deadline);
            until = std::min(until, retryAt);
            // Rounded up: a slice that ends before `until` would only spin once more.
            const auto slice = std::max(
                std::chrono::ceil<std::chrono::milliseconds>(until - now), std::chrono::milliseconds(1));
            auto reply = m_connection->readReply(slice);
            if (reply) {
                if (isPush(*reply, "message", channel))
                    break; // an unlock notice: try again at once
                if (!grantChannel.empty() && isPush(*reply, "message", grantChannel)) {
                    // The fence, or an empty message for an unfenced lock's hold.
                    const auto fence = reply->at(2).toInteger();
                    if (fence || (reply->at(2).isString() && reply->at(2).text().empty())) {
                        unsubscribeLater();
                        ending.outcome = AcquireOutcome::Acquired;
                        ending.attempt.acquired = true;
                        ending.attempt.startedHold = true;
                        ending.attempt.fence = fence;
                        ending.attempt.count = 1;
                        ending.attempt.handedOver = true;
                        return ending;
                    }
                }
                continue;
            }
            if (reply.error().kind != ErrorKind::Timeout) {
                // The subscription connection broke: resubscribe, then try again (an unlock
                // notice may have been lost with it).
                m_connection.reset();
                auto again = subscribe();
                if (!again)
                    return again.error();
                break;
            }
            if (registry) {
                auto refreshed = registry->refreshIfDue();
                if (!refreshed) {
                    unsubscribeLater();
                    return refreshed.error();
                }
            }
        }
    }
}

} // namespace lockscope
