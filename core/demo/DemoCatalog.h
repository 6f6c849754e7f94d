#pragma once

#include "demo/DemoScenario.h"

#include <memory>
#include <string_view>
#include <vector>

namespace lockscope {

// The contention demos in their story order (1 naive-race ... 7 redlock).
class DemoCatalog
{
public:
    static std::vector<std::unique_ptr<DemoScenario>> all();
    // By name ("naive-race") or by number ("1"); nullptr when there is no such scenario.
    static std::unique_ptr<DemoScenario> find(std::string_view nameOrNumber);
};

} // namespace lockscope
