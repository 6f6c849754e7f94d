#pragma once

#include "common/RedisError.h"
#include "common/UserText.h"
#include "inspect/LockLibrary.h"

#include <QCoreApplication>
#include <QString>

namespace lockscope {
// Declared only: CoreTexts.h is included all over the GUI, these headers are not needed there.
enum class HolderMode;
enum class WaiterSource;
struct StressError;
} // namespace lockscope

namespace lockscope::ui {

// The core's words in the GUI's language. The core (which has no Qt) hands over a UserText:
// its English template, marked with LOCKSCOPE_TEXT so that lupdate collects it, plus the
// arguments; here the template is looked up with QCoreApplication::translate in the context the
// core gave it, and the arguments are put in. Short codes the core keeps as plain words (holder
// modes, waiter sources, error kinds) are translated here by their meaning.
class CoreTexts
{
    Q_DECLARE_TR_FUNCTIONS(CoreTexts)

public:
    static QString translated(const UserText& text);

    // How a holder holds the lock.
    static QString holderMode(HolderMode mode);
    // The library a lock was recognised as: a name, or "unknown" when the format says nothing more.
    static QString library(LockLibrary library);
    // Where a waiter was found.
    static QString waiterSource(WaiterSource source);
    static QString errorKind(ErrorKind kind);
    // "timeout: could not connect": the kind translated; the message as the core or Redis said it.
    static QString error(const RedisError& error);
    // What a stress run counted as an error.
    static QString stressError(const StressError& error);
};

} // namespace lockscope::ui
