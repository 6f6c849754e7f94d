#pragma once

#include "inspect/LockSnapshot.h"

#include <QCoreApplication>
#include <QString>

namespace lockscope::ui {

// The words for lock kinds: a short name for the table and a tooltip that explains what the
// kind means for whoever waits on it.
class LockKindTexts
{
    Q_DECLARE_TR_FUNCTIONS(LockKindTexts)

public:
    static QString name(LockKind kind);
    static QString explanation(LockKind kind);
    static const QList<LockKind>& allKinds();
};

} // namespace lockscope::ui
