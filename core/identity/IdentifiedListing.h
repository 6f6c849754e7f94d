#pragma once

#include "common/Result.h"
#include "common/UserText.h"
#include "identity/CommandSample.h"
#include "inspect/LockInspector.h"

#include <vector>

namespace lockscope {

struct ConnectionOptions;

// A listing whose holders are identified (`lockscope-cli list --identify`): the locks are listed,
// each master's commands are sampled for their holders (all masters at once), then the locks are
// listed again and each holder given its identity. What kept a master from being sampled (an
// ACL refusing MONITOR or CLIENT LIST, a busy server, a cut) is one note per master, never one
// per lock.
struct IdentifiedListing
{
    InspectResult result;
    std::vector<UserText> notes;
    std::vector<SampleReport> samples; // one per master, in the order of the masters

    static Result<IdentifiedListing> list(const ConnectionOptions& options, const InspectOptions& inspect,
        const SampleOptions& sample, int readersPerMaster = 2);
};

} // namespace lockscope
