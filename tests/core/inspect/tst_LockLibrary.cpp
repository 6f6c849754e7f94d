#include "inspect/LockLibrary.h"
#include "inspect/recognizers/SimpleLockFormats.h"

#include <QtTest>

#include <QFile>

#include <string>

using namespace lockscope;

namespace {

QString document(const char* path)
{
    QFile file(QStringLiteral(LOCKSCOPE_SOURCE_DIR "/") + QLatin1String(path));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

QString simplifiedBetween(const QString& text, const QString& begin, const QString& end)
{
    const qsizetype from = text.indexOf(begin);
    const qsizetype to = text.indexOf(end);
    if (from < 0 || to < from)
        return {};
    return text.mid(from + begin.size(), to - from - begin.size()).simplified();
}

// What docs/lock-formats.md lists between its markers: every library but "unknown", by its name,
// in the table's order.
QString librariesParagraph()
{
    QStringList names;
    for (const auto& row : lockLibraryNames.rows()) {
        if (row.value != LockLibrary::Unknown)
            names << QStringLiteral("`%1`").arg(
                QString::fromUtf8(row.name.data(), qsizetype(row.name.size())));
    }
    return names.join(QStringLiteral(", ")) + QLatin1Char('.');
}

} // namespace

class tst_LockLibrary : public QObject
{
    Q_OBJECT

private slots:
    void everyLibraryHasItsOwnName()
    {
        for (const auto& row : lockLibraryNames.rows()) {
            QVERIFY(!row.name.empty());
            QVERIFY(lockLibraryNames.parse(row.name) == row.value);
        }
        // Every row of a simple format names a library the table knows.
        for (const SimpleLockFormat& format : SimpleLockFormats::all()) {
            QVERIFY2(format.library != LockLibrary::Unknown, std::string(format.name).c_str());
            QVERIFY2(lockLibraryName(format.library) != "unknown", std::string(format.name).c_str());
        }
    }

    void theLockFormatsPageListsEveryLibraryByTheNameLockScopeShows()
    {
        const QString page = document("docs/lock-formats.md");
        QVERIFY(!page.isEmpty());
        const QString listed = simplifiedBetween(page, QStringLiteral("<!-- library names: begin -->"),
            QStringLiteral("<!-- library names: end -->"));
        // On failure, paste the expected paragraph between the markers.
        QCOMPARE(listed, librariesParagraph());
    }

    void theReadmeNamesEveryLibrary()
    {
        const QString readme = document("README.md").simplified();
        QVERIFY(!readme.isEmpty());
        for (const auto& row : lockLibraryNames.rows()) {
            if (row.value == LockLibrary::Unknown)
                continue;
            // A qualifier in parentheses ("redis-lock (npm)") may be left to the context.
            QString name = QString::fromUtf8(row.name.data(), qsizetype(row.name.size()));
            if (name.endsWith(QLatin1Char(')')))
                name = name.left(name.lastIndexOf(QStringLiteral(" (")));
            QVERIFY2(readme.contains(name), qPrintable(QStringLiteral("README.md does not name ") + name));
        }
    }
};

QTEST_APPLESS_MAIN(tst_LockLibrary)
#include "tst_LockLibrary.moc"
