#include "lockhistory/HistoryWindow.h"

#include "lockhistory/HistoryAuditList.h"
#include "lockhistory/HistoryReader.h"
#include "lockhistory/HistoryStatisticsPanel.h"
#include "lockhistory/HistoryTimeline.h"

#include <QCheckBox>
#include <QDateTime>
#include <QDir>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>

namespace lockscope::ui {

HistoryWindow::HistoryWindow(QWidget* parent)
    : QWidget(parent)
    , m_header(new QLabel)
    , m_follow(new QCheckBox(tr("Follow live")))
    , m_find(new QLineEdit)
    , m_timeline(new HistoryTimeline)
    , m_statistics(new HistoryStatisticsPanel)
    , m_audit(new HistoryAuditList)
    , m_refreshTimer(new QTimer(this))
{
    qRegisterMetaType<HistoryRequest>();
    qRegisterMetaType<HistoryReadout>();
    setObjectName(QStringLiteral("historyWindow"));
    setWindowTitle(tr("Lock History"));
    m_header->setObjectName(QStringLiteral("historyHeader"));
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_header->setWordWrap(true);
    m_follow->setObjectName(QStringLiteral("followLive"));
    m_follow->setChecked(true);
    m_follow->setToolTip(tr("Keep the timeline ending now; zooming or panning stops following"));

    m_find->setObjectName(QStringLiteral("historyFind"));
    m_find->setPlaceholderText(tr("Find a lock by name or key"));
    m_find->setClearButtonEnabled(true);
    m_find->setMinimumWidth(220);
    connect(m_find, &QLineEdit::returnPressed, this, [this] { findLock(m_find->text()); });

    auto* top = new QHBoxLayout;
    top->addWidget(m_header, 1);
    top->addWidget(m_find);
    top->addWidget(m_follow);
    // The timeline above the admin actions taken in its time range (who, why).
    auto* timelineAndAudit = new QSplitter(Qt::Vertical);
    timelineAndAudit->addWidget(m_timeline);
    timelineAndAudit->addWidget(m_audit);
    timelineAndAudit->setStretchFactor(0, 3);
    timelineAndAudit->setStretchFactor(1, 1);
    timelineAndAudit->setSizes({330, 110});
    auto* splitter = new QSplitter(Qt::Horizontal);
    splitter->addWidget(timelineAndAudit);
    splitter->addWidget(m_statistics);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    m_statistics->setMinimumWidth(260);
    splitter->setSizes({800, 300});
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(splitter, 1);
    resize(1100, 540);

    auto* reader = new HistoryReader;
    QThread* readerThread = m_threads.adopt(reader, QStringLiteral("lockscope-history-reader"));
    connect(this, &HistoryWindow::readRequested, reader, &HistoryReader::readRequested);
    connect(reader, &HistoryReader::readoutReady, this, &HistoryWindow::showReadout);
    readerThread->start();

    constexpr int refreshIntervalMs = 1000;
    m_refreshTimer->setInterval(refreshIntervalMs);
    connect(m_refreshTimer, &QTimer::timeout, this, &HistoryWindow::refresh);
    m_refreshTimer->start();
    connect(m_follow, &QCheckBox::toggled, this, [this] { refresh(); });
    connect(m_timeline, &HistoryTimeline::visibleWindowChanged, this, [this] {
        m_follow->setChecked(false);
        refresh();
    });
    connect(
        m_timeline, &HistoryTimeline::lockClicked, this, [this](const QString& lock, const QString& node) {
            refresh(); // its statistics
            Q_EMIT lockSelected(lock, node);
        });
    updateHeader();
}

HistoryWindow::~HistoryWindow()
{
    // m_threads waits for the reader: a read under way is bounded (HistoryQuery limits every answer).
}

void HistoryWindow::setDatabase(const QString& path, const QString& problem)
{
    m_path = path;
    m_problem = problem;
    m_readError.clear();
    updateHeader();
    refresh();
}

void HistoryWindow::setFollowing(bool following)
{
    m_follow->setChecked(following);
}

bool HistoryWindow::isFollowing() const
{
    return m_follow->isChecked();
}

QString HistoryWindow::headerText() const
{
    return m_header->text();
}

void HistoryWindow::refresh()
{
    if (m_path.isEmpty())
        return;
    if (m_reading) {
        m_readAgain = true; // one read at a time; the latest wish wins
        return;
    }
    const long long now = QDateTime::currentMSecsSinceEpoch();
    TimeWindow window = m_timeline->visibleWindow();
    if (isFollowing()) {
        // Now a little before the right edge, so that what began just now shows.
        const long long span = window.untilMs - window.fromMs;
        window = {now - span * 49 / 50, now + span / 50};
        m_timeline->setVisibleWindow(window);
    }
    m_reading = true;
    Q_EMIT readRequested({m_path, window, m_timeline->selectedLock(), now, m_findName});
}

void HistoryWindow::findLock(const QString& name)
{
    m_findName = name.trimmed().toStdString();
    m_findResult.clear();
    if (m_findName.empty())
        m_timeline->setSelectedLock({});
    updateHeader();
    refresh();
}

void HistoryWindow::showFound(const HistoryReadout& readout)
{
    m_findName.clear();
    const QString name = QString::fromStdString(readout.request.findName);
    QStringList keys;
    for (const RecordedLock& lock : readout.found) {
        const QString key = QString::fromStdString(lock.lock);
        if (!keys.contains(key))
            keys.append(key);
    }
    if (keys.size() == 1) {
        m_timeline->setSelectedLock(readout.request.selectedLock);
        Q_EMIT lockSelected(keys.front(), QString::fromStdString(readout.found.front().node));
    } else if (keys.isEmpty()) {
        m_findResult = tr("No recorded lock is named %1.").arg(name);
    } else {
        m_findResult = tr("%1 names %n recorded locks; find one by its key: %2", nullptr, int(keys.size()))
                           .arg(name, keys.join(QStringLiteral(", ")));
    }
}

void HistoryWindow::showReadout(const HistoryReadout& readout)
{
    m_reading = false;
    if (readout.request.path == m_path) {
        m_readError = readout.error;
        if (readout.error.isEmpty() && !readout.request.findName.empty()
            && readout.request.findName == m_findName)
            showFound(readout);
        if (readout.error.isEmpty()) {
            m_timeline->setHistory(
                readout.holds, readout.gaps, readout.request.nowMs, readout.alerts, readout.marks);
            m_timeline->setPollingSpans(readout.polling);
            m_timeline->setAudit(readout.audit);
            m_audit->setEntries(readout.audit);
            m_statistics->showReadout(readout);
        }
        updateHeader();
        Q_EMIT readoutShown();
    }
    if (m_readAgain) {
        m_readAgain = false;
        refresh();
    }
}

void HistoryWindow::updateHeader()
{
    if (m_path.isEmpty()) {
        // No database: history off in the profile (the problem says so), or not connected yet.
        m_header->setText(m_problem.isEmpty()
                ? tr("Connect to a server: its lock history is recorded and shown here.")
                : m_problem);
        return;
    }
    QString text = tr("History database: %1").arg(QDir::toNativeSeparators(m_path));
    if (!m_problem.isEmpty())
        text += QLatin1Char('\n') + tr("Not recording: %1").arg(m_problem);
    else if (!m_readError.isEmpty())
        text += QLatin1Char('\n') + m_readError;
    if (!m_findResult.isEmpty())
        text += QLatin1Char('\n') + m_findResult;
    m_header->setText(text);
}

} // namespace lockscope::ui
