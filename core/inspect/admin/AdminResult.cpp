#include "inspect/admin/AdminResult.h"

namespace lockscope {

std::string_view adminOutcomeName(AdminOutcome outcome)
{
    switch (outcome) {
    case AdminOutcome::Done:
        return "done";
    case AdminOutcome::HolderChanged:
        return "holder changed";
    case AdminOutcome::NothingThere:
        return "nothing there";
    }
    return "unknown";
}

} // namespace lockscope
