#pragma once

#include <QCoreApplication>
#include <QString>

namespace lockscope::ui {

struct LockEventRecord;

// The event log's words for a lock event: what happened, or the holders and TTL after it, and
// when a change found late happened. Made when the event is shown, from the lock it keeps.
class LockEventTexts
{
    Q_DECLARE_TR_FUNCTIONS(LockEventTexts)

public:
    static QString details(const LockEventRecord& event);

private:
    static QString whatHappened(const LockEventRecord& event);
};

} // namespace lockscope::ui
