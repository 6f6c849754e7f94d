#pragma once

#include "base/StressMetaTypes.h"
#include "tools/stress/CategoryBars.h"

#include <QWidget>

#include <optional>
#include <vector>

class QBarSeries;
class QChart;
class QLabel;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;
class QValueAxis;

namespace lockscope::ui {

// What a stress run shows while it runs and once it ends: the violations banner and the
// acquisition count above four charts (throughput and acquire wait over time, the wait
// histogram, acquisitions per client).
class StressCharts : public QWidget
{
    Q_OBJECT

public:
    explicit StressCharts(QWidget* parent = nullptr);

    // Empty charts for a run of `clients` clients over `seconds`; violations not yet judged.
    void reset(int clients, int seconds);
    void showProgress(const StressProgress& progress);
    void showResult(const StressResult& result);
    // Bars of `counts` acquisitions, one per client.
    void showPerClient(const std::vector<long long>& counts);
    // Charts draw their own backgrounds: follow the application's light or dark palette.
    void applyTheme();

    // The charts' data (a chart's series are not QObject children of the widget).
    QLineSeries* throughputSeries() const { return m_throughput; }
    QLineSeries* p50Series() const { return m_p50; }
    QBarSeries* histogramSeries() const { return m_histogram->series(); }
    QBarSeries* clientSeries() const { return m_perClient->series(); }
    // A mark on the throughput chart where fault drills injected faults.
    QScatterSeries* faultMarks() const { return m_faultMarks; }

private:
    QChart* createChart(const QString& title);
    void showHistogram(const LatencyHistogram& histogram);
    void showViolations(const std::optional<StressResult>& result);
    // The drills' line: faults so far; at the end overlaps, rejected writes and lost locks.
    void showDrills(long long injected, const FaultReport* report);

    QLabel* m_violations = nullptr;
    QLabel* m_acquisitions = nullptr;
    QLabel* m_drills = nullptr;
    QScatterSeries* m_faultMarks = nullptr;
    long long m_faultsMarked = 0;
    QLineSeries* m_throughput = nullptr;
    QValueAxis* m_throughputX = nullptr;
    QValueAxis* m_throughputY = nullptr;
    QLineSeries* m_p50 = nullptr;
    QLineSeries* m_p99 = nullptr;
    QValueAxis* m_latencyX = nullptr;
    QLogValueAxis* m_latencyY = nullptr;
    std::optional<CategoryBars> m_histogram;
    std::optional<CategoryBars> m_perClient;
};

} // namespace lockscope::ui
