// The lock table repaints only what changed: a change to rows scrolled out of sight repaints
// nothing, a change to a visible row repaints that row, the countdown repaints its column, and
// rows that come below the visible ones only lengthen the scroll bar.
#include "monitor/LockTableView.h"

#include <QAbstractTableModel>
#include <QPaintEvent>
#include <QScrollBar>
#include <QTest>

using namespace lockscope::ui;

namespace {

class Rows : public QAbstractTableModel
{
public:
    int rowCount(const QModelIndex& parent = {}) const override { return parent.isValid() ? 0 : m_count; }
    int columnCount(const QModelIndex& parent = {}) const override { return parent.isValid() ? 0 : 4; }
    QVariant data(const QModelIndex& index, int role) const override
    {
        return role == Qt::DisplayRole ? QVariant(index.row() * 10 + index.column()) : QVariant();
    }
    void changeRow(int row) { Q_EMIT dataChanged(index(row, 1), index(row, 3)); }
    void insert(int first, int count)
    {
        beginInsertRows({}, first, first + count - 1);
        m_count += count;
        endInsertRows();
    }

private:
    int m_count = 1000;
};

// Collects the regions the viewport is asked to paint.
class PaintLog : public QObject
{
public:
    QRegion painted;
    int paints = 0;

protected:
    bool eventFilter(QObject*, QEvent* event) override
    {
        if (event->type() == QEvent::Paint) {
            painted += static_cast<QPaintEvent*>(event)->region();
            ++paints;
        }
        return false;
    }
};

} // namespace

class tst_LockTableView : public QObject
{
    Q_OBJECT

    std::unique_ptr<Rows> m_rows;
    std::unique_ptr<LockTableView> m_view;
    PaintLog m_log;

    void settle()
    {
        QTest::qWait(50);
        m_log.painted = {};
        m_log.paints = 0;
    }

private slots:
    void init()
    {
        m_rows = std::make_unique<Rows>();
        m_view = std::make_unique<LockTableView>();
        m_view->setModel(m_rows.get());
        m_view->resize(400, 300);
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
        m_view->viewport()->installEventFilter(&m_log);
        settle();
    }

    void aChangeOutOfSightRepaintsNothing()
    {
        m_rows->changeRow(900);
        QTest::qWait(50);
        QCOMPARE(m_log.paints, 0);
    }

    void aChangeInSightRepaintsThatRowsChangedCellsOnly()
    {
        m_rows->changeRow(2);
        QTRY_VERIFY(m_log.paints > 0);
        const QRect row(m_view->columnViewportPosition(1), m_view->rowViewportPosition(2),
            m_view->viewport()->width() - m_view->columnViewportPosition(1), m_view->rowHeight(2));
        QVERIFY(row.contains(m_log.painted.boundingRect()));
        QVERIFY(!m_log.painted.boundingRect().intersects(
            QRect(0, 0, m_view->columnWidth(0), m_view->viewport()->height())));
    }

    void theCountdownRepaintsItsColumnOnly()
    {
        m_view->repaintColumn(2);
        QTRY_VERIFY(m_log.paints > 0);
        const QRect column(
            m_view->columnViewportPosition(2), 0, m_view->columnWidth(2), m_view->viewport()->height());
        QCOMPARE(m_log.painted.boundingRect(), column);
    }

    void rowsAddedBelowTheVisibleOnesOnlyLengthenTheScrollBar()
    {
        const int before = m_view->verticalScrollBar()->maximum();
        m_rows->insert(1000, 500);
        QTRY_VERIFY(m_view->verticalScrollBar()->maximum() > before);
        QTest::qWait(50);
        QCOMPARE(m_log.paints, 0);
        QCOMPARE(m_view->model()->rowCount(), 1500);
    }

    void rowsAddedAmongTheVisibleOnesRepaintTheTable()
    {
        m_rows->insert(1, 5);
        QTRY_VERIFY(m_log.paints > 0);
        QVERIFY(m_log.painted.boundingRect().contains(QRect(0, m_view->rowViewportPosition(1),
            m_view->viewport()->width(), m_view->viewport()->height() - m_view->rowViewportPosition(1))));
    }
};

QTEST_MAIN(tst_LockTableView)
#include "tst_LockTableView.moc"
