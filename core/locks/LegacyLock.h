#pragma once

#include "locks/TimestampLock.h"

namespace lockscope {

// The `legacy` kind: the pattern of Redis's SETNX page ("Locking with SETNX", before Redis 2.6.12), kept
// because old services still write it and LockScope must interoperate with them:
//   acquire  SETNX <name> <expiry epoch-ms>; if taken, GET it; if the stored expiry has passed,
//            GETSET <name> <new expiry> and check that the OLD value was still expired: if
//            another contender (C5) got there first, the old value is its fresh expiry and we
//            lost (C4 starts again). Exactly one of two contenders wins.
//   release  the holder checks that its own expiry has not passed before DEL.
//   extend   the same check, then SET <name> <new expiry> XX.
// Limits (why newer kinds exist):
// - no owner identity: the value is a timestamp, so "is it still mine" can only be judged by
//   time; a holder paused past its expiry is told Lost, but a holder whose clock runs slow can
//   DEL a lock someone else took over;
// - clock dependence: every client judges expiry by its own clock unless Options::clock is
//   Server (Redis TIME, as the SETNX page notes), and skewed clocks break exclusion;
// - the loser of a GETSET race has still overwritten the winner's expiry with its own (the "lock
//   override" that write-ups of this pattern warn about): harmless to exclusion, it only moves the expiry a
//   little;
// - LockScope writes milliseconds and reads both units (values below 10^11 are seconds), but a
//   historical client that writes seconds reads our milliseconds as a far-future expiry: it
//   will wait for our release and never take over a dead LockScope holder's lock;
// - no fencing token (fence() is nullopt) and no Redis TTL: a dead holder's key stays until a
//   contender takes it over, exactly as the historical clients behave.
class LegacyLock final : public TimestampLock
{
public:
    LegacyLock(std::shared_ptr<RedisConnection> connection, std::string name, Options options = {});

private:
    Result<bool> tryOnce(std::chrono::milliseconds lease) override;
    // Our hold is still ours as long as our own expiry has not passed and the key exists.
    Result<bool> stillOurs() override;
    // stillOurs(), forgetting a hold that is not ours any more.
    Result<bool> mayChange() override;
};

} // namespace lockscope
