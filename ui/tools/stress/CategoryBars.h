#pragma once

#include <QList>
#include <QString>
#include <QStringList>

class QBarCategoryAxis;
class QBarSeries;
class QChart;
class QValueAxis;

namespace lockscope::ui {

// One bar chart of counts by category (the acquire-wait histogram, the acquisitions per client):
// its series, its two axes, and the update rule both charts follow. Bars whose categories have not
// changed are updated in place, so that a live chart's bars grow instead of flickering; new
// categories replace the bars.
class CategoryBars
{
public:
    // Adds the series (named `objectName`, for tests) and the axes to `chart`, which owns them.
    CategoryBars(QChart* chart, const QString& objectName, const QString& barSetName);

    QBarSeries* series() const { return m_series; }
    QBarCategoryAxis* categoryAxis() const { return m_categories; }
    QValueAxis* valueAxis() const { return m_values; }

    // `counts[i]` is the bar of `labels[i]`.
    void show(const QList<qreal>& counts, const QStringList& labels);
    void clear();

private:
    QBarSeries* m_series;
    QBarCategoryAxis* m_categories;
    QValueAxis* m_values;
    QString m_barSetName;
};

} // namespace lockscope::ui
