#include "stress/DemoCatalog.h"

#include "stress/FairVsUnfairScenario.h"
#include "stress/FencingScenario.h"
#include "stress/GetsetRecoveryScenario.h"
#include "stress/NaiveRaceScenario.h"
#include "stress/RedlockScenario.h"
#include "stress/TokenCrashScenario.h"
#include "stress/WatchdogScenario.h"

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
