#pragma once

#include "common/CancellationToken.h"
#include "common/Result.h"
#include "fleet/ServerWatchObserver.h"
#include "inspect/watch/LockWatcher.h"
#include "redis/ConnectionOptions.h"

#include <chrono>
#include <mutex>

namespace lockscope {

struct ServerWatchOptions
{
    WatchOptions watch;
    // The pause after a failure doubles from the first to the longest.
    std::chrono::milliseconds firstBackoff {500};
    std::chrono::milliseconds longestBackoff {30000};
};

// Watches one server, the one way the CLI (FleetWatcher, a thread per member) and the GUI
// (LockMonitorWorker) both do: connects, lists, follows the changes (LockWatcher), and when the
// server is lost reconnects with a doubling pause, lists again and reports what changed while it
// was away (LocksWhileAway). Settings that fail (wrong password, ACL) are given up, not hammered.
// Where it stands is reported as data (WatchStatus).
class ServerWatch
{
public:
    ServerWatch(ConnectionOptions connection, ServerWatchOptions options);

    // Watches until `cancel` (Done) or until it gives up on the server's settings (that error).
    // A server that hangs returns within its command timeout of `cancel`.
    Status run(const CancellationToken& cancel, ServerWatchObserver& observer);
    // Lists the locks again, from any thread, and reports what the listing finds different from
    // what the watch knew (changes notifications could not map to a lock): ends the current watch
    // and starts over as after a loss, without the pause. Nothing while not live.
    void relist();

    // Whether an error says the server's settings are wrong, so retrying cannot help.
    static bool isSettingsError(const RedisError& error);

private:
    ConnectionOptions m_connection;
    ServerWatchOptions m_options;
    std::mutex m_roundMutex;
    CancellationToken* m_round = nullptr; // the live watch's, while there is one
};

} // namespace lockscope
