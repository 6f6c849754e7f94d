#include "monitor/LockActivityChart.h"

#include <QChart>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QLineSeries>
#include <QTimer>
#include <QValueAxis>

#include <algorithm>

namespace lockscope::ui {

LockActivityChart::LockActivityChart(QWidget* parent)
    : QChartView(parent)
    , m_locks(new QLineSeries)
    , m_appeared(new QLineSeries)
    , m_released(new QLineSeries)
    , m_expired(new QLineSeries)
    , m_time(new QDateTimeAxis)
    , m_lockAxis(new QValueAxis)
    , m_rateAxis(new QValueAxis)
    , m_timer(new QTimer(this))
{
    setObjectName(QStringLiteral("lockActivityChart"));
    setRenderHint(QPainter::Antialiasing);
    auto* chart = new QChart;
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setAlignment(Qt::AlignRight);
    chart->setBackgroundBrush(palette().base());
    chart->legend()->setLabelColor(palette().color(QPalette::Text));
    m_locks->setName(tr("Locks held"));
    m_appeared->setName(tr("Acquired/s"));
    m_released->setName(tr("Released/s"));
    m_expired->setName(tr("Expired/s"));
    m_time->setFormat(QStringLiteral("HH:mm:ss"));
    m_time->setTickCount(6);
    m_lockAxis->setTitleText(tr("locks"));
    m_lockAxis->setLabelFormat(QStringLiteral("%d"));
    m_rateAxis->setTitleText(tr("per second"));
    m_rateAxis->setLabelFormat(QStringLiteral("%d"));
    for (QAbstractAxis* axis : {static_cast<QAbstractAxis*>(m_time), static_cast<QAbstractAxis*>(m_lockAxis),
             static_cast<QAbstractAxis*>(m_rateAxis)}) {
        axis->setLabelsColor(palette().color(QPalette::Text));
        axis->setTitleBrush(palette().color(QPalette::Text));
    }
    chart->addAxis(m_time, Qt::AlignBottom);
    chart->addAxis(m_lockAxis, Qt::AlignLeft);
    chart->addAxis(m_rateAxis, Qt::AlignRight);
    for (QLineSeries* series : {m_locks, m_appeared, m_released, m_expired}) {
        chart->addSeries(series);
        series->attachAxis(m_time);
        series->attachAxis(series == m_locks ? m_lockAxis : m_rateAxis);
    }
    QPen held(QColor(0x3c, 0x7d, 0xd9));
    held.setWidth(2);
    m_locks->setPen(held);
    m_appeared->setColor(QColor(0x3c, 0xa0, 0x5a));
    m_released->setColor(QColor(0x8a, 0x8a, 0x8a));
    m_expired->setColor(QColor(0xd9, 0x9a, 0x20));
    setChart(chart);
    connect(m_timer, &QTimer::timeout, this, [this] { sample(QDateTime::currentMSecsSinceEpoch()); });
    m_timer->start(1000);
    redraw();
}

void LockActivityChart::record(const LockUpdateBatch& batch)
{
    for (const auto& change : batch.changes) {
        switch (change.event.type) {
        case LockEventRecord::Type::Appeared:
            ++m_current.appeared;
            break;
        case LockEventRecord::Type::Released:
            ++m_current.released;
            break;
        case LockEventRecord::Type::Expired:
            ++m_current.expired;
            break;
        case LockEventRecord::Type::Changed:
        case LockEventRecord::Type::Admin:
            break;
        }
    }
}

void LockActivityChart::sample(qint64 atMs)
{
    m_current.atMs = atMs;
    m_current.locks = m_lockCount;
    m_samples.append(m_current);
    m_current = Sample {};
    if (m_samples.size() > historySeconds)
        m_samples.remove(0, m_samples.size() - historySeconds);
    if (isVisible())
        redraw();
}

void LockActivityChart::redraw()
{
    QList<QPointF> locks;
    QList<QPointF> appeared;
    QList<QPointF> released;
    QList<QPointF> expired;
    int mostLocks = 1;
    int mostRate = 1;
    for (const Sample& sample : std::as_const(m_samples)) {
        const qreal x = qreal(sample.atMs);
        locks.append({x, qreal(sample.locks)});
        appeared.append({x, qreal(sample.appeared)});
        released.append({x, qreal(sample.released)});
        expired.append({x, qreal(sample.expired)});
        mostLocks = std::max(mostLocks, sample.locks);
        mostRate = std::max({mostRate, sample.appeared, sample.released, sample.expired});
    }
    m_locks->replace(locks);
    m_appeared->replace(appeared);
    m_released->replace(released);
    m_expired->replace(expired);
    const qint64 now = m_samples.isEmpty() ? QDateTime::currentMSecsSinceEpoch() : m_samples.constLast().atMs;
    m_time->setRange(QDateTime::fromMSecsSinceEpoch(now - 60'000 * 2), QDateTime::fromMSecsSinceEpoch(now));
    if (!m_samples.isEmpty() && now - m_samples.constFirst().atMs > 120'000)
        m_time->setMin(QDateTime::fromMSecsSinceEpoch(m_samples.constFirst().atMs));
    m_lockAxis->setRange(0, mostLocks + std::max(1, mostLocks / 10));
    m_rateAxis->setRange(0, mostRate + 1);
}

} // namespace lockscope::ui
