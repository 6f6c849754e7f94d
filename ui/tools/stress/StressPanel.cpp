#include "tools/stress/StressPanel.h"

#include "locks/DistributedLock.h"
#include "locks/LockFactory.h"
#include "redis/RedisUrl.h"
#include "stress/StressResultJson.h"
#include "common/ColorSchemePalette.h"
#include "common/CoreTexts.h"
#include "tools/stress/StressWorker.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPushButton>
#include <QSpinBox>
#include <QThread>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>

namespace lockscope::ui {

namespace {

void registerMetaTypes()
{
    qRegisterMetaType<StressProgress>();
    qRegisterMetaType<StressResult>();
}

QSpinBox* spinBox(int minimum, int maximum, int value, const QString& suffix, const char* name)
{
    auto* box = new QSpinBox;
    box->setRange(minimum, maximum);
    box->setValue(value);
    box->setSuffix(suffix);
    box->setObjectName(QString::fromLatin1(name));
    box->setAccelerated(true);
    return box;
}

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

QString micros(double us)
{
    if (us >= 10000)
        return QObject::tr("%1 ms").arg(us / 1000.0, 0, 'f', 1);
    return QObject::tr("%1 µs").arg(us, 0, 'f', us < 100 ? 1 : 0);
}

// 0 .. a round number above `value`, in four round steps (1, 1.5, 2, 2.5 … 8 times a power of ten).
void setNiceRange(QValueAxis* axis, double value)
{
    const double rough = std::max(value * 1.05, 1.0) / 4;
    const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
    double step = magnitude * 10;
    for (double factor : {1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0}) {
        if (factor * magnitude >= rough) {
            step = factor * magnitude;
            break;
        }
    }
    step = std::max(step, 1.0); // counts and rates: whole-number ticks
    axis->setRange(0, 4 * step);
    axis->setTickCount(5);
}

void growAxis(QValueAxis* axis, double value)
{
    if (value > axis->max())
        setNiceRange(axis, value);
}

} // namespace

StressPanel::StressPanel(QWidget* parent)
    : QWidget(parent)
{
    registerMetaTypes();
    setObjectName(QStringLiteral("stressPanel"));
    setWindowTitle(tr("Stress Test — LockScope"));
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(createSettings(), 0);
    layout->addWidget(createCharts(), 1);
    resetCharts(m_clients->value());
    showViolations(std::nullopt);
    updateKindHint();
    setConnection(std::nullopt, QString());
    applyChartTheme();
    resize(1280, 820);
}

StressPanel::~StressPanel()
{
    // The engine notices a cancellation within ~20 ms; its clients' connections close with it.
    if (m_thread) {
        m_cancel->cancel();
        m_thread->quit();
        m_thread->wait();
    }
}

void StressPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyChartTheme();
}

void StressPanel::closeEvent(QCloseEvent* event)
{
    // Nobody would see the run any more, yet it would keep hammering the server.
    stop();
    QWidget::closeEvent(event);
}

void StressPanel::applyChartTheme()
{
    // Charts draw their own backgrounds: follow the application's light or dark palette.
    const auto theme
        = ColorSchemePalette::isDark(palette()) ? QChart::ChartThemeDark : QChart::ChartThemeLight;
    for (QChartView* view : findChildren<QChartView*>()) {
        if (view->chart()->theme() != theme)
            view->chart()->setTheme(theme);
    }
}

QWidget* StressPanel::createSettings()
{
    auto* column = new QWidget;
    auto* layout = new QVBoxLayout(column);
    layout->setContentsMargins(0, 0, 0, 0);

    auto* settings = new QGroupBox(tr("Run"));
    auto* form = new QFormLayout(settings);
    m_target = new QLabel;
    m_target->setObjectName(QStringLiteral("targetLabel"));
    m_target->setWordWrap(true);
    form->addRow(tr("Server:"), m_target);

    m_kind = new QComboBox;
    m_kind->setObjectName(QStringLiteral("kindCombo"));
    for (const auto& kind : LockFactory::kinds()) {
        const QString name = QString::fromUtf8(kind.name.data(), static_cast<qsizetype>(kind.name.size()));
        const QString label = kind.unsafe ? tr("%1 (UNSAFE)").arg(name) : name;
        m_kind->addItem(label, name);
        m_kind->setItemData(m_kind->count() - 1, CoreTexts::translated(kind.description), Qt::ToolTipRole);
    }
    m_kind->setCurrentIndex(m_kind->findData(
        QString::fromLatin1(LockFactory::defaultKind.data(), LockFactory::defaultKind.size())));
    form->addRow(tr("Lock kind:"), m_kind);
    m_kindHint = new QLabel;
    m_kindHint->setObjectName(QStringLiteral("kindHint"));
    m_kindHint->setWordWrap(true);
    m_kindHint->setMaximumWidth(300);
    form->addRow(QString(), m_kindHint);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &StressPanel::updateKindHint);

    m_clients = spinBox(1, 512, 4, QString(), "clientsSpin");
    m_clients->setToolTip(tr("Each client is a thread with its own connection per lock"));
    form->addRow(tr("Clients:"), m_clients);
    connect(m_clients, &QSpinBox::valueChanged, this, [this](int clients) {
        // Before the first run, the empty bars show who will take part.
        if (!m_thread && !m_result)
            showPerClient(std::vector<long long>(static_cast<size_t>(clients), 0));
    });
    m_locks = spinBox(1, 1024, 1, QString(), "locksSpin");
    m_locks->setToolTip(tr("Client i's k-th acquisition goes to lock (i + k) mod locks"));
    form->addRow(tr("Locks:"), m_locks);
    m_hold = spinBox(0, 600000, 1, tr(" ms"), "holdSpin");
    form->addRow(tr("Hold:"), m_hold);
    m_think = spinBox(0, 600000, 0, tr(" ms"), "thinkSpin");
    form->addRow(tr("Think:"), m_think);
    m_lease = spinBox(1, 3600000, 30000, tr(" ms"), "leaseSpin");
    form->addRow(tr("Lease:"), m_lease);
    m_duration = spinBox(1, 3600, 10, tr(" s"), "durationSpin");
    form->addRow(tr("Duration:"), m_duration);
    m_permits = spinBox(1, 1024, 1, QString(), "permitsSpin");
    m_permits->setToolTip(
        tr("semaphore only: how many holders at once (above 1 the checker cannot judge overlap)"));
    form->addRow(tr("Permits:"), m_permits);
    m_watchdog = new QCheckBox(tr("Keep holds alive (watchdog)"));
    m_watchdog->setObjectName(QStringLiteral("watchdogCheck"));
    m_watchdog->setToolTip(
        tr("Kinds with a watchdog renew their holds; without it, the hold must stay below the lease"));
    form->addRow(QString(), m_watchdog);
    m_fenced = new QCheckBox(tr("Fencing counter"));
    m_fenced->setObjectName(QStringLiteral("fencedCheck"));
    m_fenced->setChecked(true);
    m_fenced->setToolTip(
        tr("token, reentrant, fair, read and write: number every hold from a counter key per lock; "
           "off, no counter key is left behind (token: a plain SET NX PX as redis-py and "
           "node-redlock do; the Redisson kinds: only what Redisson itself writes)"));
    form->addRow(QString(), m_fenced);
    m_nodes = new QLineEdit;
    m_nodes->setObjectName(QStringLiteral("nodesEdit"));
    m_nodes->setPlaceholderText(tr("redis://127.0.0.1:7001, redis://…"));
    m_nodes->setToolTip(tr("redlock only: the independent masters, comma-separated URLs"));
    form->addRow(tr("Redlock nodes:"), m_nodes);
    layout->addWidget(settings);

    auto* buttons = new QHBoxLayout;
    m_startButton = new QPushButton(tr("&Start"));
    m_startButton->setObjectName(QStringLiteral("startButton"));
    m_stopButton = new QPushButton(tr("S&top"));
    m_stopButton->setObjectName(QStringLiteral("stopButton"));
    buttons->addWidget(m_startButton);
    buttons->addWidget(m_stopButton);
    layout->addLayout(buttons);
    m_saveButton = new QPushButton(tr("Save Result as &JSON…"));
    m_saveButton->setObjectName(QStringLiteral("saveButton"));
    layout->addWidget(m_saveButton);
    connect(m_startButton, &QPushButton::clicked, this, &StressPanel::start);
    connect(m_stopButton, &QPushButton::clicked, this, &StressPanel::stop);
    connect(m_saveButton, &QPushButton::clicked, this, &StressPanel::saveResultAs);

    m_state = new QLabel;
    m_state->setObjectName(QStringLiteral("stateLabel"));
    m_state->setWordWrap(true);
    m_state->setMaximumWidth(320);
    m_state->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_state);

    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("summaryLabel"));
    m_summary->setWordWrap(true);
    m_summary->setMaximumWidth(320);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    layout->addWidget(m_summary, 1);
    column->setMaximumWidth(340);
    return column;
}

QChart* StressPanel::createChart(const QString& title)
{
    auto* chart = new QChart;
    chart->setTitle(title);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    return chart;
}

QWidget* StressPanel::createCharts()
{
    auto* area = new QWidget;
    auto* layout = new QVBoxLayout(area);
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
    m_histogramSeries = new QBarSeries;
    m_histogramSeries->setObjectName(QStringLiteral("histogramSeries"));
    histogram->addSeries(m_histogramSeries);
    m_histogramX = new QBarCategoryAxis;
    m_histogramY = new QValueAxis;
    m_histogramY->setLabelFormat(QStringLiteral("%.0f"));
    m_histogramY->setTitleText(tr("acquisitions"));
    m_histogramX->setTitleText(tr("acquire wait, up to"));
    m_histogramX->setLabelsAngle(-50);
    histogram->addAxis(m_histogramX, Qt::AlignBottom);
    histogram->addAxis(m_histogramY, Qt::AlignLeft);
    m_histogramSeries->attachAxis(m_histogramX);
    m_histogramSeries->attachAxis(m_histogramY);
    histogram->legend()->hide();
    addChart(histogram, 1, 0, "histogramChart");

    QChart* perClient = createChart(tr("Acquisitions per client"));
    m_clientSeries = new QBarSeries;
    m_clientSeries->setObjectName(QStringLiteral("clientSeries"));
    perClient->addSeries(m_clientSeries);
    m_clientX = new QBarCategoryAxis;
    m_clientY = new QValueAxis;
    m_clientY->setLabelFormat(QStringLiteral("%.0f"));
    perClient->addAxis(m_clientX, Qt::AlignBottom);
    perClient->addAxis(m_clientY, Qt::AlignLeft);
    m_clientSeries->attachAxis(m_clientX);
    m_clientSeries->attachAxis(m_clientY);
    perClient->legend()->hide();
    addChart(perClient, 1, 1, "clientChart");

    layout->addLayout(grid, 1);
    return area;
}

void StressPanel::setRunSize(int clients, int seconds)
{
    m_clients->setValue(clients);
    m_duration->setValue(seconds);
}

void StressPanel::setConnection(const std::optional<ConnectionOptions>& connection, const QString& where)
{
    m_connection = connection;
    if (!connection)
        m_target->setText(tr("Not connected: connect to a server or the sandbox first (File menu)."));
    else if (connection->readOnly)
        m_target->setText(
            tr("%1 — read-only: a stress run writes lock keys, so it cannot run here.").arg(where));
    else
        m_target->setText(tr("%1 (the run's locks appear in the lock table while held)").arg(where));
    updateControls();
}

std::optional<StressParameters> StressPanel::parametersFromForm(QString& error) const
{
    StressParameters parameters;
    parameters.kind = m_kind->currentData().toString().toStdString();
    parameters.clients = m_clients->value();
    parameters.locks = m_locks->value();
    parameters.hold = std::chrono::milliseconds(m_hold->value());
    parameters.think = std::chrono::milliseconds(m_think->value());
    parameters.lease = std::chrono::milliseconds(m_lease->value());
    parameters.duration = std::chrono::seconds(m_duration->value());
    parameters.permits = m_permits->value();
    parameters.watchdog = m_watchdog->isChecked();
    parameters.fenced = LockFactory::noFenceRefusal(parameters.kind).has_value() || m_fenced->isChecked();
    parameters.connection = *m_connection;
    // The controller's connection retries silently; a stress client should fail plainly.
    parameters.connection.reconnect.budget = std::chrono::milliseconds(0);
    if (parameters.kind == "redlock") {
        for (const QString& url : m_nodes->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            auto node = parseRedisUrl(url.trimmed().toStdString(), parameters.connection);
            if (!node) {
                error = tr("Redlock node '%1': %2")
                            .arg(url.trimmed(), QString::fromStdString(node.error().message));
                return std::nullopt;
            }
            parameters.nodes.push_back(*node);
        }
        if (parameters.nodes.empty()) {
            error
                = tr("The redlock kind needs its independent masters: list their URLs under Redlock nodes.");
            return std::nullopt;
        }
    }
    if (auto valid = parameters.validate(); !valid) {
        error = QString::fromStdString(valid.error().message);
        return std::nullopt;
    }
    return parameters;
}

void StressPanel::start()
{
    if (m_thread || !m_connection || m_connection->readOnly)
        return;
    QString error;
    auto parameters = parametersFromForm(error);
    if (!parameters) {
        m_state->setText(tr("Cannot start: %1").arg(error));
        return;
    }
    m_result.reset();
    resetCharts(parameters->clients);
    showViolations(std::nullopt);
    m_summary->clear();
    m_state->setText(tr("Connecting %n client(s)…", nullptr, parameters->clients));

    m_cancel = std::make_shared<CancellationToken>();
    m_thread = new QThread(this);
    m_thread->setObjectName(QStringLiteral("lockscope-stress"));
    auto* worker = new StressWorker(*parameters, m_cancel);
    worker->moveToThread(m_thread);
    connect(m_thread, &QThread::started, worker, &StressWorker::run);
    connect(worker, &StressWorker::progressed, this, &StressPanel::showProgress);
    connect(worker, &StressWorker::succeeded, this, &StressPanel::showResult);
    connect(worker, &StressWorker::failed, this, &StressPanel::showFailure);
    connect(worker, &StressWorker::done, this, &StressPanel::runEnded);
    connect(m_thread, &QThread::finished, worker, &QObject::deleteLater);
    m_thread->start();
    updateControls();
}

void StressPanel::stop()
{
    if (!m_thread)
        return;
    m_cancel->cancel();
    m_state->setText(tr("Stopping…"));
    m_stopButton->setEnabled(false);
}

void StressPanel::runEnded()
{
    QThread* thread = m_thread;
    m_thread = nullptr;
    thread->quit();
    thread->wait();
    thread->deleteLater();
    updateControls();
    Q_EMIT runFinished();
}

void StressPanel::showProgress(const StressProgress& progress)
{
    m_state->setText(tr("Running: %1 s").arg(progress.elapsedSeconds, 0, 'f', 1));
    m_acquisitions->setText(tr("%L1 acquisitions").arg(progress.acquisitions));
    m_throughput->append(progress.elapsedSeconds, progress.recentOpsPerSecond);
    growAxis(m_throughputX, progress.elapsedSeconds);
    growAxis(m_throughputY, progress.recentOpsPerSecond);
    // A log axis cannot show 0: waits under a microsecond sit on its floor.
    m_p50->append(progress.elapsedSeconds, std::max(progress.acquireWait.p50Us, 1.0));
    m_p99->append(progress.elapsedSeconds, std::max(progress.acquireWait.p99Us, 1.0));
    growAxis(m_latencyX, progress.elapsedSeconds);
    if (progress.acquireWait.p99Us > m_latencyY->max())
        m_latencyY->setMax(std::pow(10.0, std::ceil(std::log10(progress.acquireWait.p99Us * 1.01))));
    showHistogram(progress.acquireHistogram);
    showPerClient(progress.perClientAcquisitions);
}

void StressPanel::showResult(const StressResult& result)
{
    m_result = result;
    m_acquisitions->setText(tr("%L1 acquisitions").arg(result.acquisitions));
    showHistogram(result.acquireHistogram);
    showPerClient(result.perClientAcquisitions);
    showViolations(result);
    m_state->setText(result.stoppedEarly ? tr("Stopped after %1 s.").arg(result.elapsedSeconds, 0, 'f', 1)
                                         : tr("Finished after %1 s.").arg(result.elapsedSeconds, 0, 'f', 1));

    QStringList errors;
    for (const auto& [kind, count] : result.errors)
        errors << tr("%1 × %L2").arg(CoreTexts::stressErrorName(QString::fromStdString(kind))).arg(count);
    QString text
        = tr("<b>%1</b>, %n client(s)", nullptr, result.clients).arg(QString::fromStdString(result.kind));
    text += tr(", %n lock(s)", nullptr, result.locks);
    text += QStringLiteral("<br>") + tr("Throughput: %L1 acquisitions/s").arg(result.opsPerSecond, 0, 'f', 0);
    text += QStringLiteral("<br>")
        + tr("Acquire wait: p50 %1, p90 %2, p99 %3, max %4")
              .arg(micros(result.acquireWait.p50Us), micros(result.acquireWait.p90Us),
                  micros(result.acquireWait.p99Us), micros(result.acquireWait.maxUs));
    text += QStringLiteral("<br>")
        + (result.handoff.count ? tr("Handoff: p50 %1, p99 %2 (%L3 handoffs)")
                                      .arg(micros(result.handoff.p50Us), micros(result.handoff.p99Us))
                                      .arg(static_cast<qulonglong>(result.handoff.count))
                                : tr("Handoff: none measured"));
    text += QStringLiteral("<br>") + tr("Fairness (Jain): %1").arg(result.fairnessJain, 0, 'f', 3);
    text
        += QStringLiteral("<br>") + tr("CPU per acquisition: %1").arg(micros(result.cpuMicrosPerAcquisition));
    text += QStringLiteral("<br>")
        + (errors.isEmpty() ? tr("Errors: none") : tr("Errors: %1").arg(errors.join(QStringLiteral(", "))));
    const QString checker = CoreTexts::translated(result.checkerSummary);
    if (!checker.isEmpty()) {
        // The findings list raw clock values: the first lines say enough, the tooltip has all.
        constexpr qsizetype shown = 160;
        text += QStringLiteral("<br>")
            + tr("Checker: %1")
                  .arg((checker.size() > shown ? checker.left(shown) + QStringLiteral("…") : checker)
                           .toHtmlEscaped());
    }
    m_summary->setText(text);
    m_summary->setToolTip(checker);
}

void StressPanel::showFailure(const QString& message)
{
    m_state->setText(tr("The run failed: %1").arg(message));
}

void StressPanel::resetCharts(int clients)
{
    m_throughput->clear();
    m_p50->clear();
    m_p99->clear();
    m_throughputX->setRange(0, m_duration->value());
    m_latencyX->setRange(0, m_duration->value());
    setNiceRange(m_throughputY, 0);
    m_latencyY->setRange(1, 1000);
    m_histogramSeries->clear();
    m_histogramX->clear();
    setNiceRange(m_histogramY, 0);
    m_acquisitions->setText(tr("%L1 acquisitions").arg(0));
    showPerClient(std::vector<long long>(static_cast<size_t>(clients), 0));
}

void StressPanel::showHistogram(const LatencyHistogram& histogram)
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
        m_histogramSeries->clear();
        m_histogramX->clear();
        return;
    }
    // At most maxBars bars, each covering `width` powers of two, so that their labels fit.
    constexpr int maxBars = 6;
    const int first = byPower.begin()->first;
    const int span = byPower.rbegin()->first - first + 1;
    const int width = (span + maxBars - 1) / maxBars;
    QList<qreal> counts;
    QStringList labels;
    qreal highest = 0;
    for (int low = first; low < first + span; low += width) {
        qreal count = 0;
        for (int power = low; power < low + width; ++power)
            count += byPower.contains(power) ? byPower[power] : 0;
        counts << count;
        highest = std::max(highest, count);
        labels << upperBoundLabel(std::ldexp(1.0, low + width));
    }
    if (m_histogramSeries->count() == 1 && m_histogramX->categories() == labels) {
        // The same ranges: update the bars in place.
        QBarSet* set = m_histogramSeries->barSets().first();
        for (qsizetype i = 0; i < counts.size(); ++i)
            set->replace(i, counts[i]);
    } else {
        m_histogramSeries->clear();
        auto* set = new QBarSet(tr("acquisitions"));
        set->append(counts);
        m_histogramSeries->append(set);
        m_histogramX->setCategories(labels);
        // Qt 6.4 keeps the old (empty) range after setCategories: no labels without this.
        m_histogramX->setRange(labels.first(), labels.last());
    }
    setNiceRange(m_histogramY, highest);
}

void StressPanel::showPerClient(const std::vector<long long>& counts)
{
    if (m_clientSeries->count() == 1
        && m_clientSeries->barSets().first()->count() == qsizetype(counts.size())) {
        // Same clients: update in place so that the bars grow instead of flickering.
        QBarSet* set = m_clientSeries->barSets().first();
        qreal highest = 0;
        for (size_t i = 0; i < counts.size(); ++i) {
            set->replace(static_cast<qsizetype>(i), static_cast<qreal>(counts[i]));
            highest = std::max(highest, static_cast<qreal>(counts[i]));
        }
        growAxis(m_clientY, highest);
        return;
    }
    m_clientSeries->clear();
    m_clientX->clear();
    auto* set = new QBarSet(tr("acquisitions"));
    QStringList labels;
    qreal highest = 0;
    for (size_t i = 0; i < counts.size(); ++i) {
        set->append(static_cast<qreal>(counts[i]));
        labels << tr("C%1").arg(i + 1);
        highest = std::max(highest, static_cast<qreal>(counts[i]));
    }
    m_clientSeries->append(set);
    m_clientX->setCategories(labels);
    setNiceRange(m_clientY, highest);
}

void StressPanel::showViolations(const std::optional<StressResult>& result)
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

QString StressPanel::saveResult(const QString& path) const
{
    if (!m_result)
        return tr("There is no result to save yet.");
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text))
        return tr("Cannot write %1: %2").arg(path, file.errorString());
    const std::string json = StressResultJson::toJson(*m_result) + "\n";
    if (file.write(json.data(), static_cast<qint64>(json.size())) != static_cast<qint64>(json.size()))
        return tr("Cannot write %1: %2").arg(path, file.errorString());
    return {};
}

void StressPanel::saveResultAs()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save Stress Result"), QStringLiteral("stress-result.json"), tr("JSON (*.json)"));
    if (path.isEmpty())
        return;
    const QString error = saveResult(path);
    m_state->setText(error.isEmpty() ? tr("Saved to %1.").arg(path) : error);
}

void StressPanel::updateControls()
{
    const bool running = m_thread != nullptr;
    const bool usable = m_connection && !m_connection->readOnly;
    m_startButton->setEnabled(!running && usable);
    m_stopButton->setEnabled(running && !(m_cancel && m_cancel->isCancelled()));
    m_saveButton->setEnabled(!running && m_result.has_value());
    for (QWidget* field : {static_cast<QWidget*>(m_kind), static_cast<QWidget*>(m_clients),
             static_cast<QWidget*>(m_locks), static_cast<QWidget*>(m_hold), static_cast<QWidget*>(m_think),
             static_cast<QWidget*>(m_lease), static_cast<QWidget*>(m_duration)})
        field->setEnabled(!running);
    m_nodes->setEnabled(!running && m_kind->currentData().toString() == QStringLiteral("redlock"));
    m_permits->setEnabled(!running && m_kind->currentData().toString() == QStringLiteral("semaphore"));
    m_watchdog->setEnabled(!running);
    m_fenced->setEnabled(
        !running && !LockFactory::noFenceRefusal(m_kind->currentData().toString().toStdString()));
}

void StressPanel::updateKindHint()
{
    const QString kind = m_kind->currentData().toString();
    const LockKindInfo* info = LockFactory::find(kind.toStdString());
    QString hint = info ? CoreTexts::translated(info->description) : QString();
    if (info && info->unsafe)
        hint = tr("<span style='color:#c62828'><b>%1</b></span>").arg(hint.toHtmlEscaped());
    m_kindHint->setText(hint);
    if (m_nodes)
        updateControls();
}

} // namespace lockscope::ui
