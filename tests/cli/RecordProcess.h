#pragma once

#include <QByteArray>
#include <QProcess>
#include <QStringList>

#include <chrono>
#include <string>

namespace lockscope::test {

// A real `lockscope-cli record` in its own process (so that SIGTERM is a real signal), with its
// standard error collected, its /metrics fetched over HTTP, and stopped by its PID.
class RecordProcess
{
public:
    explicit RecordProcess(const QStringList& arguments);
    ~RecordProcess(); // SIGKILL if still running

    bool started() const { return m_started; }
    // Waits until standard error has shown `text` (counting from the start) `times` times.
    bool waitForError(const QString& text, std::chrono::milliseconds timeout, int times = 1);
    QString errorText();
    // SIGTERM, then the exit code (-1 if it did not exit within the timeout or crashed).
    int terminate(std::chrono::milliseconds timeout = std::chrono::seconds(15));

    // GET http://127.0.0.1:<port>/metrics; empty on failure.
    static std::string fetchMetrics(int port);
    // The value of the sample line starting with `series` (e.g. `lockscope_redis_connected `).
    static double sample(const std::string& metrics, const std::string& series, double missing = -1);
    // Waits until the sample of `series` on /metrics is at least `atLeast`.
    static bool waitForSample(
        int port, const std::string& series, double atLeast, std::chrono::milliseconds timeout);

private:
    QProcess m_process;
    QByteArray m_error;
    bool m_started = false;
};

} // namespace lockscope::test
