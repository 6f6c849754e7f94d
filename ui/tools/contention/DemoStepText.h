#pragma once

#include "demo/DemoTimeline.h"

#include <QString>

namespace lockscope::ui {

// A contention demo's step as the CLI lays it out ("[+  0.412 s] C1      ..."), its words in
// the GUI's language.
class DemoStepText
{
public:
    static QString of(const DemoTimeline::Step& step);
};

} // namespace lockscope::ui
