#include "app/UnixSignalWatcher.h"

#include <QSocketNotifier>

#include <cerrno>
#include <csignal>
#include <sys/socket.h>
#include <unistd.h>

namespace lockscope::ui {

namespace {

// Written by the signal handler, so a plain global of an async-signal-safe type.
volatile sig_atomic_t writeFd = -1;

} // namespace

UnixSignalWatcher::UnixSignalWatcher(std::initializer_list<int> signalNumbers, QObject* parent)
    : QObject(parent)
{
    if (writeFd != -1) {
        qWarning("UnixSignalWatcher: another instance already watches signals; this one does not");
        return;
    }
    int fds[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0, fds) != 0)
        return;
    m_readFd = fds[0];
    writeFd = fds[1];
    for (int number : signalNumbers) {
        struct sigaction action
        {
        };
        action.sa_handler = &UnixSignalWatcher::handle;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        if (sigaction(number, &action, nullptr) == 0)
            m_signals.append(number);
    }
    m_notifier = new QSocketNotifier(m_readFd, QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &UnixSignalWatcher::readPending);
}

UnixSignalWatcher::~UnixSignalWatcher()
{
    for (int number : m_signals)
        signal(number, SIG_DFL);
    if (m_notifier) {
        delete m_notifier;
        const int fd = writeFd;
        writeFd = -1;
        close(fd);
        close(m_readFd);
    }
}

void UnixSignalWatcher::handle(int signalNumber)
{
    const int savedErrno = errno;
    const unsigned char byte = static_cast<unsigned char>(signalNumber);
    if (writeFd >= 0) {
        // Nothing useful to do if the pipe is full: a signal is already pending.
        [[maybe_unused]] auto written = write(writeFd, &byte, 1);
    }
    errno = savedErrno;
}

void UnixSignalWatcher::readPending()
{
    unsigned char bytes[16];
    for (;;) {
        const ssize_t n = read(m_readFd, bytes, sizeof(bytes));
        if (n <= 0)
            break;
        for (ssize_t i = 0; i < n; ++i)
            Q_EMIT signalReceived(bytes[i]);
    }
}

} // namespace lockscope::ui
