#include "tools/stress/CategoryBars.h"

#include "tools/stress/NiceAxisRange.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QValueAxis>

#include <algorithm>

namespace lockscope::ui {

CategoryBars::CategoryBars(QChart* chart, const QString& objectName, const QString& barSetName)
    : m_series(new QBarSeries)
    , m_categories(new QBarCategoryAxis)
    , m_values(new QValueAxis)
    , m_barSetName(barSetName)
{
    m_series->setObjectName(objectName);
    chart->addSeries(m_series);
    m_values->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(m_categories, Qt::AlignBottom);
    chart->addAxis(m_values, Qt::AlignLeft);
    m_series->attachAxis(m_categories);
    m_series->attachAxis(m_values);
    chart->legend()->hide();
}

void CategoryBars::show(const QList<qreal>& counts, const QStringList& labels)
{
    const qreal highest = counts.isEmpty() ? 0 : *std::max_element(counts.begin(), counts.end());
    if (m_series->count() == 1 && m_categories->categories() == labels) {
        QBarSet* set = m_series->barSets().first();
        for (qsizetype i = 0; i < counts.size(); ++i)
            set->replace(i, counts[i]);
        growAxis(m_values, highest);
        return;
    }
    m_series->clear();
    m_categories->clear();
    auto* set = new QBarSet(m_barSetName);
    set->append(counts);
    m_series->append(set);
    m_categories->setCategories(labels);
    // Qt 6.4 keeps the old (empty) range after setCategories: no labels without this.
    if (!labels.isEmpty())
        m_categories->setRange(labels.first(), labels.last());
    setNiceRange(m_values, highest);
}

void CategoryBars::clear()
{
    m_series->clear();
    m_categories->clear();
    setNiceRange(m_values, 0);
}

} // namespace lockscope::ui
