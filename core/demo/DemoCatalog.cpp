#include "demo/DemoCatalog.h"

#include "demo/FailoverScenario.h"
#include "demo/FairVsUnfairScenario.h"
#include "demo/FencingScenario.h"
#include "demo/GetsetRecoveryScenario.h"
#include "demo/NaiveRaceScenario.h"
#include "demo/RedlockScenario.h"
#include "demo/TokenCrashScenario.h"
#include "demo/WatchdogScenario.h"

#include <string>

namespace lockscope {

std::vector<std::unique_ptr<DemoScenario>> DemoCatalog::all()
{
    std::vector<std::unique_ptr<DemoScenario>> scenarios;
    scenarios.push_back(std::make_unique<NaiveRaceScenario>());
    scenarios.push_back(std::make_unique<GetsetRecoveryScenario>());
    scenarios.push_back(std::make_unique<TokenCrashScenario>());
    scenarios.push_back(std::make_unique<FencingScenario>());
    scenarios.push_back(std::make_unique<WatchdogScenario>());
    scenarios.push_back(std::make_unique<FairVsUnfairScenario>());
    scenarios.push_back(std::make_unique<RedlockScenario>());
    scenarios.push_back(std::make_unique<FailoverScenario>());
    return scenarios;
}

std::unique_ptr<DemoScenario> DemoCatalog::find(std::string_view nameOrNumber)
{
    auto scenarios = all();
    for (size_t i = 0; i < scenarios.size(); ++i) {
        if (scenarios[i]->name() == nameOrNumber || std::to_string(i + 1) == nameOrNumber)
            return std::move(scenarios[i]);
    }
    return nullptr;
}

} // namespace lockscope
