#include "tools/contention/ContentionDemoView.h"

#include "base/CoreTexts.h"
#include "demo/DemoCatalog.h"
#include "tools/contention/DemoStage.h"
#include "tools/contention/DemoStepText.h"
#include "tools/contention/DemoWorker.h"
#include "tools/contention/TimelinePlayer.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QStyle>
#include <QThread>
#include <QVBoxLayout>

namespace lockscope::ui {

namespace {

QString fromView(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

} // namespace

ContentionDemoView::ContentionDemoView(QWidget* parent)
    : BackgroundRunView(parent)
    , m_player(new TimelinePlayer(this))
{
    qRegisterMetaType<DemoTimeline::Step>();
    qRegisterMetaType<DemoOutcome>();
    setObjectName(QStringLiteral("contentionDemoView"));
    setWindowTitle(tr("Contention Demo — LockScope"));
    auto* layout = new QVBoxLayout(this);

    auto* top = new QHBoxLayout;
    m_scenario = new QComboBox;
    m_scenario->setObjectName(QStringLiteral("scenarioCombo"));
    const auto scenarios = DemoCatalog::all();
    for (size_t i = 0; i < scenarios.size(); ++i)
        m_scenario->addItem(tr("%1. %2").arg(i + 1).arg(CoreTexts::translated(scenarios[i]->title())),
            fromView(scenarios[i]->name()));
    top->addWidget(new QLabel(tr("Scenario:")));
    top->addWidget(m_scenario, 1);
    m_runButton = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Run Scenario"));
    m_runButton->setObjectName(QStringLiteral("runButton"));
    top->addWidget(m_runButton);
    layout->addLayout(top);

    m_expectation = new QLabel;
    m_expectation->setObjectName(QStringLiteral("expectationLabel"));
    m_expectation->setWordWrap(true);
    layout->addWidget(m_expectation);
    m_note = new QLabel;
    m_note->setObjectName(QStringLiteral("noteLabel"));
    m_note->setWordWrap(true);
    QPalette notePalette = m_note->palette();
    notePalette.setColor(QPalette::WindowText, notePalette.color(QPalette::PlaceholderText));
    m_note->setPalette(notePalette);
    layout->addWidget(m_note);

    auto* splitter = new QSplitter(Qt::Horizontal);
    m_stage = new DemoStage;
    m_narration = new QListWidget;
    m_narration->setObjectName(QStringLiteral("narrationList"));
    m_narration->setWordWrap(true);
    m_narration->setAlternatingRowColors(true);
    m_narration->setSelectionMode(QAbstractItemView::SingleSelection);
    splitter->addWidget(m_stage);
    splitter->addWidget(m_narration);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setSizes({700, 460});
    layout->addWidget(splitter, 1);

    auto* controls = new QHBoxLayout;
    m_playButton = new QPushButton;
    m_playButton->setObjectName(QStringLiteral("playButton"));
    m_backButton = new QPushButton(style()->standardIcon(QStyle::SP_MediaSeekBackward), tr("&Back"));
    m_backButton->setObjectName(QStringLiteral("backButton"));
    m_stepButton = new QPushButton(style()->standardIcon(QStyle::SP_MediaSeekForward), tr("S&tep"));
    m_stepButton->setObjectName(QStringLiteral("stepButton"));
    m_endButton = new QPushButton(style()->standardIcon(QStyle::SP_MediaSkipForward), tr("&End"));
    m_endButton->setObjectName(QStringLiteral("endButton"));
    m_speed = new QComboBox;
    m_speed->setObjectName(QStringLiteral("speedCombo"));
    for (double speed : {0.25, 0.5, 1.0, 2.0, 4.0, 8.0})
        m_speed->addItem(tr("%1×").arg(speed), speed);
    m_speed->setCurrentIndex(2);
    m_position = new QLabel;
    m_position->setObjectName(QStringLiteral("positionLabel"));
    controls->addWidget(m_playButton);
    controls->addWidget(m_backButton);
    controls->addWidget(m_stepButton);
    controls->addWidget(m_endButton);
    controls->addWidget(new QLabel(tr("Speed:")));
    controls->addWidget(m_speed);
    controls->addWidget(m_position, 1);
    layout->addLayout(controls);

    m_verdict = new QLabel;
    m_verdict->setObjectName(QStringLiteral("verdictLabel"));
    m_verdict->setWordWrap(true);
    m_verdict->setMinimumHeight(40);
    QFont verdictFont = m_verdict->font();
    verdictFont.setBold(true);
    verdictFont.setPointSizeF(verdictFont.pointSizeF() * 1.2);
    m_verdict->setFont(verdictFont);
    layout->addWidget(m_verdict);

    connect(m_scenario, &QComboBox::currentIndexChanged, this, &ContentionDemoView::showScenarioDescription);
    connect(m_runButton, &QPushButton::clicked, this, &ContentionDemoView::run);
    connect(m_playButton, &QPushButton::clicked, this, [this] {
        if (m_player->isPlaying())
            m_player->pause();
        else
            m_player->play();
    });
    connect(m_backButton, &QPushButton::clicked, m_player, &TimelinePlayer::stepBack);
    connect(m_stepButton, &QPushButton::clicked, m_player, &TimelinePlayer::stepForward);
    connect(m_endButton, &QPushButton::clicked, this, &ContentionDemoView::showEnd);
    connect(m_speed, &QComboBox::currentIndexChanged, this,
        [this] { m_player->setSpeed(m_speed->currentData().toDouble()); });
    connect(m_player, &TimelinePlayer::changed, this, &ContentionDemoView::showPlayback);

    showScenarioDescription();
    setConnection(std::nullopt, QString());
    showPlayback();
    resize(1200, 760);
}

void ContentionDemoView::showConnection(
    const std::optional<ConnectionOptions>& connection, const QString& where)
{
    if (!connection)
        m_note->setText(tr("Not connected: connect to a server or the sandbox first (File menu)."));
    else if (connection->readOnly)
        m_note->setText(
            tr("%1 is read-only: the demos write lock keys, so they cannot run here.").arg(where));
    else
        m_note->setText(
            tr("Runs with real clients against %1, at full speed: its leases expire in Redis, so "
               "pausing the story itself would change its outcome. The controls below replay the "
               "timeline it recorded. Its keys (lockscope:demo:…) show in the lock table while held.")
                .arg(where));
}

bool ContentionDemoView::selectScenario(const QString& nameOrNumber)
{
    auto scenario = DemoCatalog::find(nameOrNumber.toStdString());
    if (!scenario)
        return false;
    m_scenario->setCurrentIndex(m_scenario->findData(fromView(scenario->name())));
    return true;
}

void ContentionDemoView::showScenarioDescription()
{
    auto scenario = DemoCatalog::find(m_scenario->currentData().toString().toStdString());
    if (!scenario)
        return;
    m_expectation->setText(
        tr("<b>Expected:</b> %1").arg(CoreTexts::translated(scenario->expectation()).toHtmlEscaped()));
}

void ContentionDemoView::run()
{
    if (isRunning() || !canRun())
        return;
    m_outcome.reset();
    m_failure.clear();
    m_narration->clear();
    m_player->clear();
    m_player->play();

    ConnectionOptions connection = *this->connection();
    connection.reconnect.budget = std::chrono::milliseconds(0);
    auto* worker = new DemoWorker(m_scenario->currentData().toString().toStdString(), connection, beginRun());
    QThread* thread = adoptWorker(worker, QStringLiteral("lockscope-demo"));
    connect(worker, &DemoWorker::stepRecorded, m_player, &TimelinePlayer::append);
    connect(
        worker, &DemoWorker::succeeded, this, [this](const DemoOutcome& outcome) { m_outcome = outcome; });
    connect(worker, &DemoWorker::failed, this, [this](const QString& message) { m_failure = message; });
    thread->start();
    updateControls();
    updateVerdict();
}

void ContentionDemoView::runEnded()
{
    m_player->setComplete(true);
    updateVerdict();
}

void ContentionDemoView::showEnd()
{
    m_player->pause();
    while (m_player->shown() < static_cast<int>(m_player->steps().size()))
        m_player->stepForward();
}

void ContentionDemoView::showPlayback()
{
    const auto& steps = m_player->steps();
    const int shown = m_player->shown();
    while (m_narration->count() > shown)
        delete m_narration->takeItem(m_narration->count() - 1);
    while (m_narration->count() < shown) {
        const auto& step = steps[static_cast<size_t>(m_narration->count())];
        auto* item = new QListWidgetItem(DemoStepText::of(step));
        item->setToolTip(item->text());
        m_narration->addItem(item);
    }
    if (shown > 0) {
        m_narration->setCurrentRow(shown - 1);
        m_narration->scrollToItem(m_narration->item(shown - 1));
    }
    m_stage->showSteps(steps, shown);
    m_position->setText(steps.empty() ? tr("No steps yet")
                                      : tr("Step %1 of %2%3")
                                            .arg(shown)
                                            .arg(steps.size())
                                            .arg(isRunning() ? tr(" (still recording)") : QString()));
    m_playButton->setText(m_player->isPlaying() ? tr("&Pause") : tr("&Play"));
    m_playButton->setIcon(
        style()->standardIcon(m_player->isPlaying() ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    updateVerdict();
    updateControls();
}

void ContentionDemoView::updateVerdict()
{
    QString style = QStringLiteral("border-radius: 6px; padding: 6px;");
    const bool atEnd = m_player->shown() >= static_cast<int>(m_player->steps().size());
    if (!m_failure.isEmpty()) {
        m_verdict->setText(tr("The scenario could not run: %1").arg(m_failure));
        m_verdict->setStyleSheet(style + QStringLiteral("background: #c62828; color: white;"));
    } else if (m_outcome && atEnd) {
        m_verdict->setText(m_outcome->asExpected
                ? tr("✔ Expected outcome reached: %1").arg(CoreTexts::translated(m_outcome->verdict))
                : tr("✘ Expected outcome NOT reached: %1").arg(CoreTexts::translated(m_outcome->verdict)));
        m_verdict->setStyleSheet(style
            + (m_outcome->asExpected ? QStringLiteral("background: #2e7d32; color: white;")
                                     : QStringLiteral("background: #c62828; color: white;")));
    } else if (isRunning() || m_outcome) {
        m_verdict->setText(tr("Verdict: at the end of the replay"));
        m_verdict->setStyleSheet(style + QStringLiteral("border: 1px solid palette(mid);"));
    } else {
        m_verdict->setText(tr("Verdict: run the scenario to see it"));
        m_verdict->setStyleSheet(style + QStringLiteral("border: 1px solid palette(mid);"));
    }
    m_verdict->setProperty("asExpected", m_outcome && atEnd ? QVariant(m_outcome->asExpected) : QVariant());
}

void ContentionDemoView::updateControls()
{
    const bool running = isRunning();
    const int count = static_cast<int>(m_player->steps().size());
    m_runButton->setEnabled(canRun() && !running);
    m_scenario->setEnabled(!running);
    m_playButton->setEnabled(count > 0);
    m_backButton->setEnabled(m_player->shown() > 1);
    m_stepButton->setEnabled(m_player->shown() < count);
    m_endButton->setEnabled(m_player->shown() < count);
}

} // namespace lockscope::ui
