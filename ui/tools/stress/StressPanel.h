#pragma once

#include "base/BackgroundRunView.h"
#include "base/StressMetaTypes.h"
#include "stress/StressParameters.h"

#include <optional>

class QBarSeries;
class QLabel;
class QLineSeries;
class QScatterSeries;
class QPushButton;

namespace lockscope::ui {

class StressCharts;
class StressForm;

// Configures and runs a stress test against the current connection and shows it live:
// throughput and acquire latency over time, the latency histogram, acquisitions per client and,
// prominently, the mutual-exclusion violations the checker found. The form (StressForm) says what
// to run, the charts (StressCharts) draw it; this panel runs it: the StressEngine on a worker
// thread (StressWorker), its result summarised and saved here.
class StressPanel : public BackgroundRunView
{
    Q_OBJECT

public:
    explicit StressPanel(QWidget* parent = nullptr);

    // Presets the form's client count and duration (e.g. for a short run to take a picture of).
    void setRunSize(int clients, int seconds);

    const std::optional<StressResult>& lastResult() const { return m_result; }
    // Writes the last result as JSON (StressResultJson); returns why not, empty on success.
    QString saveResult(const QString& path) const;

    // The charts' data (a chart's series are not QObject children of the panel).
    QLineSeries* throughputSeries() const;
    QLineSeries* p50Series() const;
    QBarSeries* histogramSeries() const;
    QBarSeries* clientSeries() const;
    QScatterSeries* faultMarks() const;

public Q_SLOTS:
    void start();
    void stop();
    void saveResultAs();

Q_SIGNALS:
    // The run injected `count` more faults (its drills as in --fault syntax): the main window
    // marks them on the lock history of the connection they hit.
    void faultsInjected(long long count, const QString& drills);

protected:
    void changeEvent(QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void showConnection(const std::optional<ConnectionOptions>& connection, const QString& where) override;
    void updateControls() override;

private:
    QWidget* createRunColumn();
    void showProgress(const StressProgress& progress);
    void announceFaults(long long injectedSoFar);
    void showResult(const StressResult& result);
    void showFailure(const QString& message);

    std::optional<StressResult> m_result;
    long long m_faultsSeen = 0; // of the run under way
    QString m_drills; // its drills, for faultsInjected

    StressForm* m_form = nullptr;
    StressCharts* m_charts = nullptr;
    QPushButton* m_startButton = nullptr;
    QPushButton* m_stopButton = nullptr;
    QPushButton* m_saveButton = nullptr;
    QLabel* m_state = nullptr;
    QLabel* m_summary = nullptr;
};

} // namespace lockscope::ui
