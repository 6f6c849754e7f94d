#pragma once

class QValueAxis;

namespace lockscope::ui {

// 0 .. a round number above `value`, in four round steps (1, 1.5, 2, 2.5 … 8 times a power of ten), so
// that a chart's counts and rates read off whole, round ticks.
void setNiceRange(QValueAxis* axis, double value);
// setNiceRange only when `value` no longer fits: a live chart's axis grows and never jumps back.
void growAxis(QValueAxis* axis, double value);

} // namespace lockscope::ui
