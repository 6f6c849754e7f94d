#pragma once

#include <QAbstractItemModel>
#include <QByteArray>
#include <QString>

namespace lockscope::ui {

class LockTableModel;

// Writes the lock table as the user sees it (the proxy's rows, in its order) as CSV (the
// displayed columns, RFC 4180 quoting) or JSON (the core's lock form, as `list --json` writes
// it, via LockSnapshotJson).
class LockTableExporter
{
public:
    // `view` is the model the table shows (a proxy over `locks`, or `locks` itself).
    static QByteArray toCsv(const QAbstractItemModel& view);
    static QByteArray toJson(const QAbstractItemModel& view, const LockTableModel& locks);
    // Writes CSV or JSON by the file name's suffix; returns an error text, empty on success.
    static QString save(const QString& path, const QAbstractItemModel& view, const LockTableModel& locks);

private:
    static QString csvField(const QString& text);
};

} // namespace lockscope::ui
