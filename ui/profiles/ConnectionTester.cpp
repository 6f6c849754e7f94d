#include "profiles/ConnectionTester.h"

#include "base/CoreTexts.h"
#include "connection/ServerSummary.h"
#include "connection/StatusTexts.h"
#include "redis/RedisConnection.h"
#include "redis/ServerProbe.h"

#include <QCoreApplication>
#include <QPointer>
#include <QThread>

namespace lockscope::ui {

namespace {

// What one attempt found, in words (runs on the test's thread).
std::pair<bool, QString> attempt(ConnectionOptions options)
{
    options.reconnect.budget = std::chrono::milliseconds(0); // one attempt: the user waits for it
    auto connection = RedisConnection::connect(options);
    if (!connection)
        return {false, CoreTexts::error(connection.error())};
    auto info = ServerProbe::probe(**connection, 3);
    if (!info)
        return {false, CoreTexts::error(info.error())};
    const ServerSummary summary = ServerSummary::fromProbe(*info, -1);
    QString text
        = ConnectionTester::tr("Redis %1, %2, round trip %3")
              .arg(summary.version, summary.topology, StatusTexts::roundTrip(summary.roundTripMicros));
    text += QLatin1Char('\n') + StatusTexts::liveUpdateName(summary.liveUpdateMode());
    return {true, text};
}

} // namespace

ConnectionTester::ConnectionTester(QObject* parent)
    : QObject(parent)
{
}

ConnectionTester::~ConnectionTester()
{
    ++m_generation;
    for (QThread* thread : std::as_const(m_threads))
        thread->wait();
    qDeleteAll(m_threads);
}

void ConnectionTester::discard()
{
    ++m_generation;
    m_running = false;
}

void ConnectionTester::test(const ConnectionOptions& options)
{
    const quint64 generation = ++m_generation;
    m_running = true;
    QPointer<ConnectionTester> self(this);
    QThread* thread = QThread::create([self, options, generation] {
        auto [ok, message] = attempt(options);
        // Back on the GUI thread; a superseded test, or a tester gone meanwhile, says nothing.
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, generation, ok, message] {
                if (!self || generation != self->m_generation)
                    return;
                self->m_running = false;
                Q_EMIT self->finished(ok, message);
            },
            Qt::QueuedConnection);
    });
    thread->setObjectName(QStringLiteral("lockscope-connection-test"));
    m_threads.append(thread);
    connect(thread, &QThread::finished, this, [this, thread] {
        m_threads.removeAll(thread);
        thread->deleteLater();
    });
    thread->start();
}

} // namespace lockscope::ui
