#pragma once

#include "demo/DemoScenario.h"
#include "demo/DemoTimeline.h"
#include "stress/StressProgress.h"
#include "stress/StressResult.h"

#include <QMetaType>

// Core values that cross from the stress and demo worker threads to the GUI by queued signal.
Q_DECLARE_METATYPE(lockscope::StressProgress)
Q_DECLARE_METATYPE(lockscope::StressResult)
Q_DECLARE_METATYPE(lockscope::DemoTimeline::Step)
Q_DECLARE_METATYPE(lockscope::DemoOutcome)
