#include "monitor/LockTableExporter.h"

#include "common/JsonWriter.h"
#include "inspect/LockSnapshotJson.h"
#include "monitor/LockTableModel.h"

#include <QCoreApplication>
#include <QFile>
#include <QSaveFile>

namespace lockscope::ui {

QString LockTableExporter::csvField(const QString& text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"'))
        && !text.contains(QLatin1Char('\n')) && !text.contains(QLatin1Char('\r')))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QByteArray LockTableExporter::toCsv(const QAbstractItemModel& view)
{
    QStringList lines;
    QStringList header;
    for (int column = 0; column < view.columnCount(); ++column)
        header.append(csvField(view.headerData(column, Qt::Horizontal).toString()));
    lines.append(header.join(QLatin1Char(',')));
    for (int row = 0; row < view.rowCount(); ++row) {
        QStringList fields;
        for (int column = 0; column < view.columnCount(); ++column)
            fields.append(csvField(view.index(row, column).data().toString()));
        lines.append(fields.join(QLatin1Char(',')));
    }
    return (lines.join(QStringLiteral("\r\n")) + QStringLiteral("\r\n")).toUtf8();
}

QByteArray LockTableExporter::toJson(const QAbstractItemModel& view, const LockTableModel& locks)
{
    JsonWriter json;
    json.beginArray();
    for (int row = 0; row < view.rowCount(); ++row) {
        const QModelIndex shown = view.index(row, 0);
        const QVariant lockRow = shown.data(LockTableModel::RecordRowRole);
        if (!lockRow.isValid())
            continue;
        const LockRecord& lock = locks.recordAt(lockRow.toInt());
        if (lock.isKnown())
            LockSnapshotJson::write(json, lock.snapshot());
    }
    json.endArray();
    return QByteArray::fromStdString(json.text() + "\n");
}

QString LockTableExporter::save(
    const QString& path, const QAbstractItemModel& view, const LockTableModel& locks)
{
    const bool json = path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return file.errorString();
    file.write(json ? toJson(view, locks) : toCsv(view));
    if (!file.commit())
        return file.errorString();
    return {};
}

} // namespace lockscope::ui
