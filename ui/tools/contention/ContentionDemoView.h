#pragma once

#include "base/BackgroundRunView.h"
#include "base/StressMetaTypes.h"

#include <optional>

class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;

namespace lockscope::ui {

class DemoStage;
class TimelinePlayer;

// The contention demos told visually: pick a scenario, run it against the current
// connection, and watch the replay of its recorded timeline as an animation (DemoStage) beside
// the step-by-step narration, with play / pause / step / speed controls, and finally the
// scenario's verdict. The scenario runs at full speed on a worker thread (DemoWorker): its
// leases expire in Redis, so pausing the live story would change its outcome.
class ContentionDemoView : public BackgroundRunView
{
    Q_OBJECT

public:
    explicit ContentionDemoView(QWidget* parent = nullptr);

    // By name ("getset-recovery") or number ("2"); false when there is no such scenario.
    bool selectScenario(const QString& nameOrNumber);

    const std::optional<DemoOutcome>& outcome() const { return m_outcome; }
    TimelinePlayer& player() const { return *m_player; }
    DemoStage& stage() const { return *m_stage; }

public Q_SLOTS:
    void run();
    void showEnd();

protected:
    void showConnection(const std::optional<ConnectionOptions>& connection, const QString& where) override;
    void updateControls() override;
    void runEnded() override;

private:
    void showScenarioDescription();
    void showPlayback();
    void updateVerdict();

    std::optional<DemoOutcome> m_outcome;
    QString m_failure;

    QComboBox* m_scenario = nullptr;
    QPushButton* m_runButton = nullptr;
    QLabel* m_expectation = nullptr;
    QLabel* m_note = nullptr;
    DemoStage* m_stage = nullptr;
    QListWidget* m_narration = nullptr;
    QPushButton* m_playButton = nullptr;
    QPushButton* m_backButton = nullptr;
    QPushButton* m_stepButton = nullptr;
    QPushButton* m_endButton = nullptr;
    QComboBox* m_speed = nullptr;
    QLabel* m_position = nullptr;
    QLabel* m_verdict = nullptr;
    TimelinePlayer* m_player = nullptr;
};

} // namespace lockscope::ui
