#pragma once

namespace lockscope {

// Whether a lock numbers each hold from a counter key of its own (the fence a holder passes to
// the resource it protects). Off, no counter key is written: one stays in Redis for good per
// lock name (it must, to keep growing), which users of many short-lived names may not want;
// their holds then have no fence. The formats' other keys are the same either way.
enum class Fencing
{
    On,
    Off
};

} // namespace lockscope
