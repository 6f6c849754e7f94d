#include "monitor/goto/LockGoToDialog.h"

#include "monitor/LockTableModel.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace lockscope::ui {

namespace {

constexpr int listedRole = Qt::UserRole; // the candidate's place in m_listed

} // namespace

LockGoToDialog::LockGoToDialog(const LockTableModel& locks, QWidget* parent)
    : QDialog(parent)
    , m_locks(locks)
    , m_name(new QLineEdit(this))
    , m_message(new QLabel(this))
    , m_candidates(new QListWidget(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Go to Lock"));
    auto* layout = new QVBoxLayout(this);
    auto* prompt
        = new QLabel(tr("The lock's &name (as its library names it) or one of its Redis keys:"), this);
    prompt->setBuddy(m_name);
    layout->addWidget(prompt);
    m_name->setObjectName(QStringLiteral("goToNameEdit"));
    m_name->setClearButtonEnabled(true);
    layout->addWidget(m_name);
    m_message->setObjectName(QStringLiteral("goToMessage"));
    m_message->setWordWrap(true);
    m_message->hide();
    layout->addWidget(m_message);
    m_candidates->setObjectName(QStringLiteral("goToCandidates"));
    m_candidates->hide();
    layout->addWidget(m_candidates, 1);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Go"));
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &LockGoToDialog::go);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_candidates, &QListWidget::itemActivated, this, &LockGoToDialog::go);
    // Another text: the candidates listed were those of the previous one.
    connect(m_name, &QLineEdit::textEdited, this, [this] {
        m_candidates->clear();
        m_listed.clear();
        m_candidates->hide();
        m_message->hide();
    });
    // Wide enough for the long prefixed keys that tell the candidates apart.
    resize(680, sizeHint().height());
}

QList<int> LockGoToDialog::rowsNamed(const LockTableModel& locks, const QString& text)
{
    QList<int> rows;
    if (text.isEmpty())
        return rows;
    for (int row = 0; row < locks.rowCount(); ++row) {
        const LockRecord& lock = locks.recordAt(row);
        if (lock.name() == text || lock.keys().contains(text))
            rows.append(row);
    }
    return rows;
}

void LockGoToDialog::go()
{
    // Only a candidate the user selected: the list's current item may be one it set itself.
    if (const auto selected = m_candidates->selectedItems();
        !selected.isEmpty() && m_candidates->isVisible()) {
        const QListWidgetItem* item = selected.front();
        m_chosen = m_listed.at(size_t(item->data(listedRole).toUInt()));
        accept();
        return;
    }
    const QString text = m_name->text().trimmed();
    const QList<int> rows = rowsNamed(m_locks, text);
    if (rows.size() == 1) {
        const LockRecord& lock = m_locks.recordAt(rows.front());
        m_chosen = LockId(lock.id());
        accept();
        return;
    }
    if (rows.isEmpty()) {
        m_message->setText(tr("No lock listed is named %1 or has it as its Redis key.").arg(text));
        m_message->show();
        return;
    }
    listCandidates(rows);
}

void LockGoToDialog::listCandidates(const QList<int>& rows)
{
    m_candidates->clear();
    m_listed.clear();
    const bool severalServers = m_locks.servers().size() > 1;
    for (int row : rows) {
        const LockRecord& lock = m_locks.recordAt(row);
        QString where = lock.node();
        if (severalServers)
            where = m_locks.serverName(lock.server()) + QStringLiteral(" · ") + where;
        auto* item = new QListWidgetItem(
            tr("key %1 — %2 (%3) on %4")
                .arg(lock.keys().join(QStringLiteral(", ")), lock.name(), lock.library(), where),
            m_candidates);
        item->setToolTip(item->text());
        item->setData(listedRole, uint(m_listed.size()));
        m_listed.emplace_back(lock.id());
    }
    m_message->setText(tr("%n locks have this name or key: choose one.", "", int(rows.size())));
    m_message->show();
    m_candidates->show();
    m_candidates->setFocus();
}

} // namespace lockscope::ui
