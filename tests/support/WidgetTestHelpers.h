#pragma once

#include <QString>
#include <QWidget>

namespace lockscope::test {

// Header-only so that the support library itself needs no Qt Widgets: only the GUI suites use
// these.

// The child widget of type T with the given objectName, or nullptr.
template <typename T>
T* child(QWidget& parent, const char* name)
{
    return parent.findChild<T*>(QString::fromLatin1(name));
}

// Saves what `widget` looks like as <LOCKSCOPE_GRAB_DIR>/<name> when that variable is set (for
// people to look at; the tests never compare pixels).
inline void grabIfAsked(QWidget& widget, const QString& name)
{
    const QString dir = qEnvironmentVariable("LOCKSCOPE_GRAB_DIR");
    if (!dir.isEmpty())
        widget.grab().save(dir + QLatin1Char('/') + name);
}

} // namespace lockscope::test
