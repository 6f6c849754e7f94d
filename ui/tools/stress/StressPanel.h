#pragma once

#include "redis/ConnectionOptions.h"
#include "stress/StressParameters.h"
#include "common/StressMetaTypes.h"

#include <QWidget>

#include <memory>
#include <optional>

class QBarCategoryAxis;
class QBarSeries;
class QBarSet;
class QChart;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QLineSeries;
class QLogValueAxis;
class QPushButton;
class QSpinBox;
class QThread;
class QValueAxis;

namespace lockscope {
class CancellationToken;
}

namespace lockscope::ui {

// Configures and runs a stress test against the current connection and shows it live:
// throughput and acquire latency over time, the latency histogram, acquisitions per client and,
// prominently, the mutual-exclusion violations the checker found. The StressEngine runs on a
// worker thread (StressWorker); this panel only draws what it reports.
class StressPanel : public QWidget
{
    Q_OBJECT

public:
    explicit StressPanel(QWidget* parent = nullptr);
    ~StressPanel() override;

    // Where runs go: the connected server (or the sandbox); nullopt when nothing is connected.
    void setConnection(const std::optional<ConnectionOptions>& connection, const QString& where);

    // Presets the form's client count and duration (e.g. for a short run to take a picture of).
    void setRunSize(int clients, int seconds);

    bool isRunning() const { return m_thread != nullptr; }
    const std::optional<StressResult>& lastResult() const { return m_result; }
    // Writes the last result as JSON (StressResultJson); returns why not, empty on success.
    QString saveResult(const QString& path) const;

    // The charts' data (a chart's series are not QObject children of the panel).
    QLineSeries* throughputSeries() const { return m_throughput; }
    QLineSeries* p50Series() const { return m_p50; }
    QBarSeries* histogramSeries() const { return m_histogramSeries; }
    QBarSeries* clientSeries() const { return m_clientSeries; }

public Q_SLOTS:
    void start();
    void stop();
    void saveResultAs();

Q_SIGNALS:
    void runFinished();

protected:
    void changeEvent(QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void applyChartTheme();
    QWidget* createSettings();
    QWidget* createCharts();
    QChart* createChart(const QString& title);
    std::optional<StressParameters> parametersFromForm(QString& error) const;
    void showProgress(const StressProgress& progress);
    void showResult(const StressResult& result);
    void showFailure(const QString& message);
    void runEnded();
    void resetCharts(int clients);
    void showHistogram(const LatencyHistogram& histogram);
    void showPerClient(const std::vector<long long>& counts);
    void showViolations(const std::optional<StressResult>& result);
    void updateControls();
    void updateKindHint();

    std::optional<ConnectionOptions> m_connection;
    std::optional<StressResult> m_result;
    std::shared_ptr<CancellationToken> m_cancel;
    QThread* m_thread = nullptr;

    QLabel* m_target = nullptr;
    QComboBox* m_kind = nullptr;
    QLabel* m_kindHint = nullptr;
    QSpinBox* m_clients = nullptr;
    QSpinBox* m_locks = nullptr;
    QSpinBox* m_hold = nullptr;
    QSpinBox* m_think = nullptr;
    QSpinBox* m_lease = nullptr;
    QSpinBox* m_duration = nullptr;
    QSpinBox* m_permits = nullptr;
    QCheckBox* m_watchdog = nullptr;
    QCheckBox* m_fenced = nullptr;
    QLineEdit* m_nodes = nullptr;
    QPushButton* m_startButton = nullptr;
    QPushButton* m_stopButton = nullptr;
    QPushButton* m_saveButton = nullptr;
    QLabel* m_state = nullptr;
    QLabel* m_violations = nullptr;
    QLabel* m_acquisitions = nullptr;
    QLabel* m_summary = nullptr;

    QLineSeries* m_throughput = nullptr;
    QValueAxis* m_throughputX = nullptr;
    QValueAxis* m_throughputY = nullptr;
    QLineSeries* m_p50 = nullptr;
    QLineSeries* m_p99 = nullptr;
    QValueAxis* m_latencyX = nullptr;
    QLogValueAxis* m_latencyY = nullptr;
    QBarSeries* m_histogramSeries = nullptr;
    QBarCategoryAxis* m_histogramX = nullptr;
    QValueAxis* m_histogramY = nullptr;
    QBarSeries* m_clientSeries = nullptr;
    QBarCategoryAxis* m_clientX = nullptr;
    QValueAxis* m_clientY = nullptr;
};

} // namespace lockscope::ui
