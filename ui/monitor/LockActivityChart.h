#pragma once

#include "monitor/LockUpdateBatch.h"

#include <QChartView>
#include <QList>

class QDateTimeAxis;
class QLineSeries;
class QTimer;
class QValueAxis;

namespace lockscope::ui {

// Locks held over the last minutes, and acquisitions (appeared), releases and expiries per
// second, from the monitor's batches (Redis is not asked for any of it). One point a second.
class LockActivityChart : public QChartView
{
    Q_OBJECT

public:
    explicit LockActivityChart(QWidget* parent = nullptr);

    static constexpr int historySeconds = 300;

    // Counts the batch's events into the current second.
    void record(const LockUpdateBatch& batch);
    void setLockCount(int count) { m_lockCount = count; }
    // Closes the current second (the timer does this every second).
    void sample(qint64 atMs);

    int sampleCount() const { return int(m_samples.size()); }

private:
    struct Sample
    {
        qint64 atMs = 0;
        int locks = 0;
        int appeared = 0;
        int released = 0;
        int expired = 0;
    };
    void redraw();

    QList<Sample> m_samples;
    Sample m_current;
    int m_lockCount = 0;
    QLineSeries* m_locks;
    QLineSeries* m_appeared;
    QLineSeries* m_released;
    QLineSeries* m_expired;
    QDateTimeAxis* m_time;
    QValueAxis* m_lockAxis;
    QValueAxis* m_rateAxis;
    QTimer* m_timer;
};

} // namespace lockscope::ui
