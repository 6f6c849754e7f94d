#pragma once

#include "common/UserText.h"

#include <string>
#include <string_view>

namespace lockscope {

// What a conditional admin action found. Every action compares what Redis holds with what the
// user saw; only an exact match is acted on.
enum class AdminOutcome
{
    Done, // released / extended / removed as asked
    HolderChanged, // someone else holds it now (or it changed): nothing was touched
    NothingThere, // the lock is gone already: nothing to do
};

struct AdminResult
{
    AdminOutcome outcome = AdminOutcome::NothingThere;
    UserText message; // one line for people
    long long notified = 0; // clients that received the unlock notice
};

std::string_view adminOutcomeName(AdminOutcome outcome);

} // namespace lockscope
