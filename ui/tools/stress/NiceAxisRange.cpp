#include "tools/stress/NiceAxisRange.h"

#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace lockscope::ui {

void setNiceRange(QValueAxis* axis, double value)
{
    const double rough = std::max(value * 1.05, 1.0) / 4;
    const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
    double step = magnitude * 10;
    for (double factor : {1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0}) {
        if (factor * magnitude >= rough) {
            step = factor * magnitude;
            break;
        }
    }
    step = std::max(step, 1.0); // counts and rates: whole-number ticks
    axis->setRange(0, 4 * step);
    axis->setTickCount(5);
}

void growAxis(QValueAxis* axis, double value)
{
    if (value > axis->max())
        setNiceRange(axis, value);
}

} // namespace lockscope::ui
