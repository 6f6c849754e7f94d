#include "tools/contention/DemoStepText.h"

#include "base/CoreTexts.h"

namespace lockscope::ui {

QString DemoStepText::of(const DemoTimeline::Step& step)
{
    return QString::fromStdString(DemoTimeline::format(step, CoreTexts::translated(step.text).toStdString()));
}

} // namespace lockscope::ui
