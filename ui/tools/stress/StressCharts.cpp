#include "tools/stress/StressCharts.h"

#include "base/ColorSchemePalette.h"
#include "tools/stress/NiceAxisRange.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QChart>
#include <QChartView>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>

namespace lockscope::ui {

namespace {

// "66 µs": the upper bound of a power-of-two latency range, short enough to fit under a bar.
QString upperBoundLabel(double nanos)
{
    if (nanos < 1000)
        return QObject::tr("%1 ns").arg(nanos, 0, 'f', 0);
    if (nanos < 1e6)
        return QObject::tr("%1 µs").arg(nanos / 1e3, 0, 'f', 0);
    if (nanos < 1e9)
        return QObject::tr("%1 ms").arg(nanos / 1e6, 0, 'f', nanos < 1e7 ? 1 : 0);
    return QObject::tr("%1 s").arg(nanos / 1e9, 0, 'f', nanos < 1e10 ? 1 : 0);
}

} // namespace

StressCharts::StressCharts(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    auto* banner = new QHBoxLayout;
    m_violations = new QLabel;
    m_violations->setObjectName(QStringLiteral("violationsLabel"));
    m_violations->setAlignment(Qt::AlignCenter);
    m_violations->setMinimumHeight(56);
    m_acquisitions = new QLabel;
    m_acquisitions->setObjectName(QStringLiteral("acquisitionsLabel"));
    m_acquisitions->setAlignment(Qt::AlignCenter);
    QFont big = m_acquisitions->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    m_acquisitions->setFont(big);
    m_violations->setFont(big);
    banner->addWidget(m_violations, 1);
    banner->addWidget(m_acquisitions, 1);
    layout->addLayout(banner);
    m_drills = new QLabel;
    m_drills->setObjectName(QStringLiteral("drillsLabel"));
    m_drills->setAlignment(Qt::AlignCenter);
    m_drills->setWordWrap(true);
    m_drills->hide();
    layout->addWidget(m_drills);

    auto* grid = new QGridLayout;
    auto addChart = [&](QChart* chart, int row, int column, const char* name) {
        auto* view = new QChartView(chart);
        view->setObjectName(QString::fromLatin1(name));
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumSize(300, 220);
        grid->addWidget(view, row, column);
    };

    QChart* throughput = createChart(tr("Throughput (acquisitions/s)"));
    m_throughput = new QLineSeries;
    m_throughput->setObjectName(QStringLiteral("throughputSeries"));
    m_throughput->setName(tr("acquisitions/s"));
    throughput->addSeries(m_throughput);
    m_throughputX = new QValueAxis;
    m_throughputX->setTitleText(tr("seconds"));
    m_throughputX->setLabelFormat(QStringLiteral("%.3g"));
    m_throughputY = new QValueAxis;
    m_throughputY->setLabelFormat(QStringLiteral("%.0f"));
    throughput->addAxis(m_throughputX, Qt::AlignBottom);
    throughput->addAxis(m_throughputY, Qt::AlignLeft);
    m_throughput->attachAxis(m_throughputX);
    m_throughput->attachAxis(m_throughputY);
    // Fault drills: a red mark where faults were injected, at the throughput of that moment.
    m_faultMarks = new QScatterSeries;
    m_faultMarks->setObjectName(QStringLiteral("faultMarks"));
    m_faultMarks->setName(tr("faults injected"));
    m_faultMarks->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
    m_faultMarks->setMarkerSize(11);
    m_faultMarks->setColor(QColor(0xc6, 0x28, 0x28));
    m_faultMarks->setBorderColor(QColor(0xc6, 0x28, 0x28));
    throughput->addSeries(m_faultMarks);
    m_faultMarks->attachAxis(m_throughputX);
    m_faultMarks->attachAxis(m_throughputY);
    throughput->legend()->hide();
    addChart(throughput, 0, 0, "throughputChart");

    QChart* latency = createChart(tr("Acquire wait since the start (µs)"));
    m_p50 = new QLineSeries;
    m_p50->setObjectName(QStringLiteral("p50Series"));
    m_p50->setName(tr("p50"));
    m_p99 = new QLineSeries;
    m_p99->setObjectName(QStringLiteral("p99Series"));
    m_p99->setName(tr("p99"));
    latency->addSeries(m_p50);
    latency->addSeries(m_p99);
    m_latencyX = new QValueAxis;
    m_latencyX->setTitleText(tr("seconds"));
    m_latencyX->setLabelFormat(QStringLiteral("%.3g"));
    // Logarithmic: p50 in tens of microseconds and p99 in hundreds of milliseconds both stay legible.
    m_latencyY = new QLogValueAxis;
    m_latencyY->setBase(10);
    m_latencyY->setLabelFormat(QStringLiteral("%.0f"));
    m_latencyY->setMinorTickCount(0);
    latency->addAxis(m_latencyX, Qt::AlignBottom);
    latency->addAxis(m_latencyY, Qt::AlignLeft);
    for (QLineSeries* series : {m_p50, m_p99}) {
        series->attachAxis(m_latencyX);
        series->attachAxis(m_latencyY);
    }
    addChart(latency, 0, 1, "latencyChart");

    QChart* histogram = createChart(tr("Acquire wait histogram"));
    m_histogram.emplace(histogram, QStringLiteral("histogramSeries"), tr("acquisitions"));
    m_histogram->valueAxis()->setTitleText(tr("acquisitions"));
    m_histogram->categoryAxis()->setTitleText(tr("acquire wait, up to"));
    m_histogram->categoryAxis()->setLabelsAngle(-50);
    addChart(histogram, 1, 0, "histogramChart");

    QChart* perClient = createChart(tr("Acquisitions per client"));
    m_perClient.emplace(perClient, QStringLiteral("clientSeries"), tr("acquisitions"));
    addChart(perClient, 1, 1, "clientChart");

    layout->addLayout(grid, 1);
}

void StressCharts::applyTheme()
{
    const auto theme
        = ColorSchemePalette::isDark(palette()) ? QChart::ChartThemeDark : QChart::ChartThemeLight;
    for (QChartView* view : findChildren<QChartView*>()) {
        if (view->chart()->theme() != theme)
            view->chart()->setTheme(theme);
    }
}

QChart* StressCharts::createChart(const QString& title)
{
    auto* chart = new QChart;
    chart->setTitle(title);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    return chart;
}

void StressCharts::reset(int clients, int seconds)
{
    m_throughput->clear();
    m_faultMarks->clear();
    m_faultsMarked = 0;
    m_drills->hide();
    m_p50->clear();
    m_p99->clear();
    m_throughputX->setRange(0, seconds);
    m_latencyX->setRange(0, seconds);
    setNiceRange(m_throughputY, 0);
    m_latencyY->setRange(1, 1000);
    m_histogram->clear();
    m_acquisitions->setText(tr("%L1 acquisitions").arg(0));
    showPerClient(std::vector<long long>(static_cast<size_t>(clients), 0));
    showViolations(std::nullopt);
}

void StressCharts::showProgress(const StressProgress& progress)
{
    m_acquisitions->setText(tr("%L1 acquisitions").arg(progress.acquisitions));
    m_throughput->append(progress.elapsedSeconds, progress.recentOpsPerSecond);
    growAxis(m_throughputX, progress.elapsedSeconds);
    growAxis(m_throughputY, progress.recentOpsPerSecond);
    if (progress.faultsInjected > m_faultsMarked) {
        // Snapshots come every 250 ms: one mark for the faults injected since the last one.
        m_faultMarks->append(progress.elapsedSeconds, progress.recentOpsPerSecond);
        m_faultsMarked = progress.faultsInjected;
        showDrills(progress.faultsInjected, nullptr);
    }
    // A log axis cannot show 0: waits under a microsecond sit on its floor.
    m_p50->append(progress.elapsedSeconds, std::max(progress.acquireWait.p50Us, 1.0));
    m_p99->append(progress.elapsedSeconds, std::max(progress.acquireWait.p99Us, 1.0));
    growAxis(m_latencyX, progress.elapsedSeconds);
    if (progress.acquireWait.p99Us > m_latencyY->max())
        m_latencyY->setMax(std::pow(10.0, std::ceil(std::log10(progress.acquireWait.p99Us * 1.01))));
    showHistogram(progress.acquireHistogram);
    showPerClient(progress.perClientAcquisitions);
}

void StressCharts::showResult(const StressResult& result)
{
    m_acquisitions->setText(tr("%L1 acquisitions").arg(result.acquisitions));
    showHistogram(result.acquireHistogram);
    showPerClient(result.perClientAcquisitions);
    showViolations(result);
    if (result.faults.active())
        showDrills(result.faults.injectedCount(), &result.faults);
}

void StressCharts::showDrills(long long injected, const FaultReport* report)
{
    QString text = tr("Fault drills: %Ln fault(s) injected", nullptr, static_cast<int>(injected));
    if (report) {
        text += tr(" · %L1 fenced writes rejected, %L2 accepted out of fence order · %L3 lock(s) lost · %L4 "
                   "overlap(s) after a loss")
                    .arg(report->writesRejected)
                    .arg(report->writesOutOfOrder)
                    .arg(report->locksLost)
                    .arg(report->overlapsAfterLoss);
        m_drills->setProperty("writesRejected", QVariant::fromValue(report->writesRejected));
        m_drills->setProperty("overlapsAfterLoss", QVariant::fromValue(report->overlapsAfterLoss));
    }
    m_drills->setText(text);
    m_drills->show();
}

void StressCharts::showHistogram(const LatencyHistogram& histogram)
{
    // Power-of-two ranges: the recorder's 32 sub-buckets per power are far too fine for bars.
    std::map<int, qreal> byPower;
    for (int i = 0; i < LatencyHistogram::bucketCount; ++i) {
        const auto count = histogram.bucketCountAt(i);
        if (count == 0)
            continue;
        const auto low
            = static_cast<std::uint64_t>(std::max<std::int64_t>(LatencyHistogram::bucketLow(i), 1));
        byPower[std::bit_width(low) - 1] += static_cast<qreal>(count);
    }
    if (byPower.empty()) {
        m_histogram->clear();
        return;
    }
    // At most maxBars bars, each covering `width` powers of two, so that their labels fit.
    constexpr int maxBars = 6;
    const int first = byPower.begin()->first;
    const int span = byPower.rbegin()->first - first + 1;
    const int width = (span + maxBars - 1) / maxBars;
    QList<qreal> counts;
    QStringList labels;
    for (int low = first; low < first + span; low += width) {
        qreal count = 0;
        for (int power = low; power < low + width; ++power)
            count += byPower.contains(power) ? byPower[power] : 0;
        counts << count;
        labels << upperBoundLabel(std::ldexp(1.0, low + width));
    }
    m_histogram->show(counts, labels);
}

void StressCharts::showPerClient(const std::vector<long long>& counts)
{
    QList<qreal> bars;
    QStringList labels;
    for (size_t i = 0; i < counts.size(); ++i) {
        bars << static_cast<qreal>(counts[i]);
        labels << tr("C%1").arg(i + 1);
    }
    m_perClient->show(bars, labels);
}

void StressCharts::showViolations(const std::optional<StressResult>& result)
{
    QString style = QStringLiteral("border-radius: 6px; padding: 6px;");
    if (!result) {
        m_violations->setText(tr("Violations: checked when the run ends"));
        m_violations->setStyleSheet(style + QStringLiteral("border: 1px solid palette(mid);"));
    } else if (!result->exclusionChecked) {
        m_violations->setText(tr("Violations: not judged (holds of this kind are shared by design)"));
        m_violations->setStyleSheet(style + QStringLiteral("border: 1px solid palette(mid);"));
    } else if (result->violations > 0) {
        m_violations->setText(tr("%Ln mutual-exclusion violation(s)", nullptr, result->violations));
        m_violations->setStyleSheet(style + QStringLiteral("background: #c62828; color: white;"));
    } else {
        m_violations->setText(tr("0 violations in %L1 checked holds").arg(result->sectionsChecked));
        m_violations->setStyleSheet(style + QStringLiteral("background: #2e7d32; color: white;"));
    }
    m_violations->setProperty("violations", result ? QVariant::fromValue(result->violations) : QVariant());
}

} // namespace lockscope::ui
