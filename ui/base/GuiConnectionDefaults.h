#pragma once

#include "redis/ConnectionOptions.h"

namespace lockscope::ui {

// The connection options the GUI starts from before a URL is applied, for every connection it
// opens (the monitor's, a profile's test, the tools'): timeouts short enough that a dead server
// is reported within seconds.
class GuiConnectionDefaults
{
public:
    static ConnectionOptions options();
};

} // namespace lockscope::ui
