#pragma once

namespace lockscope {

// The wall clock in milliseconds since the Unix epoch: the time lock libraries write into values
// and scores, and the time the history and the watcher stamp events with.
long long epochMillisNow();

} // namespace lockscope
