#pragma once

#include "common/RedisError.h"
#include "common/UserText.h"
#include "demo/DemoTimeline.h"
#include "inspect/LockLibrary.h"

#include <QCoreApplication>
#include <QString>

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
    // A contention demo's step as the CLI lays it out ("[+  0.412 s] C1      ..."), its words translated.
    static QString demoStep(const DemoTimeline::Step& step);

    // "exclusive", "read", "write", "permit": how a holder holds the lock.
    static QString holderMode(const QString& mode);
    // The library a lock was recognised as: a name, or "unknown" when the format says nothing more.
    static QString library(LockLibrary library);
    // "fair-queue", "lockscope-registry": where a waiter was found.
    static QString waiterSource(const QString& source);
    static QString errorKind(ErrorKind kind);
    // "timeout: could not connect": the kind translated; the message as the core or Redis said it.
    static QString error(const RedisError& error);
    // The keys of a stress run's error counts: an error kind's name, "lost" or "timed_out".
    static QString stressErrorName(const QString& name);
};

} // namespace lockscope::ui
