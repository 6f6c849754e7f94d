#pragma once

#include <QLocale>

namespace lockscope::ui {

// Loads the user interface's translations (compiled into the binary from ui/translations/*.ts)
// and Qt's own (standard dialogs, shortcuts) for a locale: the system's unless told otherwise.
// English is the source language and needs no file.
class UiTranslations
{
public:
    // Replaces any translations installed before. Returns whether LockScope has a translation
    // for `locale` (false for English and for languages not shipped yet).
    static bool install(const QLocale& locale = QLocale());
};

} // namespace lockscope::ui
