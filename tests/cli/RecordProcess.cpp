#include "RecordProcess.h"

#include <httplib.h>

#include <csignal>
#include <sstream>
#include <thread>

namespace lockscope::test {

RecordProcess::RecordProcess(const QStringList& arguments)
{
    m_process.start(LOCKSCOPE_CLI_PATH, arguments);
    m_started = m_process.waitForStarted(10000);
}

RecordProcess::~RecordProcess()
{
    if (m_process.state() != QProcess::NotRunning) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

QString RecordProcess::errorText()
{
    m_error += m_process.readAllStandardError();
    return QString::fromUtf8(m_error);
}

bool RecordProcess::waitForError(const QString& text, std::chrono::milliseconds timeout, int times)
{
    const auto giveUp = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < giveUp) {
        if (errorText().count(text) >= times)
            return true;
        if (m_process.state() == QProcess::NotRunning)
            return errorText().count(text) >= times;
        m_process.waitForReadyRead(100);
    }
    return false;
}

int RecordProcess::terminate(std::chrono::milliseconds timeout)
{
    if (m_process.state() == QProcess::NotRunning)
        return m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -1;
    ::kill(static_cast<pid_t>(m_process.processId()), SIGTERM);
    if (!m_process.waitForFinished(static_cast<int>(timeout.count())))
        return -1;
    errorText();
    return m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -1;
}

std::string RecordProcess::fetchMetrics(int port)
{
    httplib::Client client("127.0.0.1", port);
    client.set_connection_timeout(2);
    client.set_read_timeout(5);
    auto response = client.Get("/metrics");
    if (!response || response->status != 200)
        return {};
    return response->body;
}

double RecordProcess::sample(const std::string& metrics, const std::string& series, double missing)
{
    std::istringstream lines(metrics);
    std::string line;
    while (std::getline(lines, line)) {
        if (line.rfind(series, 0) == 0)
            return std::stod(line.substr(series.size()));
    }
    return missing;
}

} // namespace lockscope::test

namespace lockscope::test {

bool RecordProcess::waitForSample(
    int port, const std::string& series, double atLeast, std::chrono::milliseconds timeout)
{
    const auto giveUp = std::chrono::steady_clock::now() + timeout;
    while (sample(fetchMetrics(port), series, 0) < atLeast) {
        if (std::chrono::steady_clock::now() > giveUp)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return true;
}

} // namespace lockscope::test
