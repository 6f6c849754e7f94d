#pragma once

#include "common/Result.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace lockscope::test {

// A TCP proxy in front of a PostgreSQL server (127.0.0.1, a free port) that can lose the reply
// to a COMMIT: once armed, the next COMMIT the server confirms is committed there, but the proxy
// closes both sides of that connection instead of passing the confirmation on. The client sees
// its connection drop in flight and cannot know whether its transaction committed. Speaks the
// protocol's framing only, so the URL through it must ask for no TLS or GSS encryption
// (url() adds sslmode=disable&gssencmode=disable).
class CommitReplyCutter
{
public:
    static Result<std::unique_ptr<CommitReplyCutter>> start(int serverPort);
    ~CommitReplyCutter(); // closes every connection and joins the threads
    CommitReplyCutter(const CommitReplyCutter&) = delete;
    CommitReplyCutter& operator=(const CommitReplyCutter&) = delete;

    // postgresql://user@127.0.0.1:<proxy port>/database, unencrypted.
    std::string url(const std::string& database, const std::string& user = "postgres") const;
    // Cuts the connection that receives the next COMMIT confirmation.
    void arm() { m_armed = true; }
    // How many confirmations were cut.
    int cut() const { return m_cut; }

private:
    CommitReplyCutter(int listenFd, int port, int serverPort);
    void acceptLoop();
    void carry(int client, int server);

    const int m_listenFd;
    const int m_port;
    const int m_serverPort;
    std::atomic<bool> m_armed {false};
    std::atomic<int> m_cut {0};
    std::atomic<bool> m_stopping {false};
    std::mutex m_mutex;
    std::vector<int> m_fds; // every socket still open, shut down on destruction
    std::vector<std::thread> m_threads;
    std::thread m_acceptThread;
};

} // namespace lockscope::test
