#pragma once

#include "inspect/LockId.h"

#include <QDialog>
#include <QList>
#include <QString>

#include <optional>
#include <vector>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QListWidget;

namespace lockscope::ui {

class LockTableModel;

// Goes to a lock by the name its library's API gives it or by one of its Redis keys. A text that
// fits several locks (two libraries, two servers, two prefixes) lists them to choose from: the
// dialog never picks one itself.
class LockGoToDialog : public QDialog
{
    Q_OBJECT

public:
    explicit LockGoToDialog(const LockTableModel& locks, QWidget* parent = nullptr);

    QLineEdit* nameEdit() const { return m_name; }
    QListWidget* candidateList() const { return m_candidates; }
    QLabel* messageLabel() const { return m_message; }
    // The lock chosen once the dialog is accepted, by its id (rows move as locks come and go).
    std::optional<LockId> chosen() const { return m_chosen; }

    // The rows of `locks` whose shown name or one of whose Redis keys is exactly `text`.
    static QList<int> rowsNamed(const LockTableModel& locks, const QString& text);

private:
    // OK: the chosen candidate, else the one lock the text names, else the candidates listed.
    void go();
    void listCandidates(const QList<int>& rows);

    const LockTableModel& m_locks;
    QLineEdit* m_name;
    QLabel* m_message;
    QListWidget* m_candidates;
    QDialogButtonBox* m_buttons;
    std::vector<LockId> m_listed; // the candidates' locks, by their place in the list
    std::optional<LockId> m_chosen;
};

} // namespace lockscope::ui
