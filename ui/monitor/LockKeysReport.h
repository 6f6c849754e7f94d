#pragma once

#include "inspect/LockId.h"

#include <QList>
#include <QMetaType>
#include <QString>

namespace lockscope::ui {

// The Redis keys behind a lock with their contents, for the detail pane.
struct KeyContents
{
    QString name; // escaped
    QString type;
    qint64 ttlMs = -1;
    QString value; // escaped, bounded
};

struct LockKeysReport
{
    LockId lock; // the lock whose keys these are
    QList<KeyContents> keys;
    QString error;
};

} // namespace lockscope::ui

Q_DECLARE_METATYPE(lockscope::ui::LockKeysReport)
