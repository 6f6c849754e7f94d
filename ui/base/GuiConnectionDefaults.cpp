#include "base/GuiConnectionDefaults.h"

#include <chrono>

namespace lockscope::ui {

ConnectionOptions GuiConnectionDefaults::options()
{
    using namespace std::chrono_literals;
    ConnectionOptions options;
    options.clientRole = "gui";
    options.connectTimeout = 3s;
    options.commandTimeout = 5s;
    return options;
}

} // namespace lockscope::ui
