#include "cli/commands/DemoCommand.h"

#include "cli/CliOptions.h"
#include "cli/ExitCode.h"
#include "demo/DemoCatalog.h"

#include <ostream>

namespace lockscope {

int DemoCommand::run(const CliOptions& options, std::ostream& out, std::ostream& err)
{
    const auto& args = options.arguments;
    if (args.size() == 1 && args[0] == "--list") {
        int number = 1;
        for (const auto& scenario : DemoCatalog::all()) {
            out << number++ << "  " << scenario->name() << "\n     " << scenario->title().english()
                << "\n     expected: " << scenario->expectation().english() << "\n";
            if (auto kinds = scenario->checkKinds(); !kinds)
                out << "     (unavailable: " << kinds.error().message << ")\n";
        }
        return ExitOk;
    }
    if (args.size() != 1 || args[0].empty() || args[0][0] == '-') {
        err << "lockscope-cli demo: give one SCENARIO (name or number), or --list\n";
        return ExitUsage;
    }
    auto scenario = DemoCatalog::find(args[0]);
    if (!scenario) {
        err << "lockscope-cli demo: unknown scenario '" << args[0] << "' (see demo --list)\n";
        return ExitUsage;
    }

    out << scenario->title().english() << "\nexpected: " << scenario->expectation().english() << "\n\n"
        << std::flush;
    DemoTimeline timeline([&](const DemoTimeline::Step& step) {
        out << DemoTimeline::format(step) << "\n" << std::flush;
    });
    DemoContext context;
    context.connection = options.connection;
    auto outcome = scenario->run(context, timeline);
    if (!outcome) {
        err << "lockscope-cli demo " << scenario->name() << ": " << outcome.error().message << "\n";
        return exitCodeFor(outcome.error().kind);
    }
    out << "\noutcome: " << outcome->verdict.english() << "\n"
        << (outcome->asExpected ? "as expected\n" : "NOT as expected\n");
    return outcome->asExpected ? ExitOk : unexpectedOutcomeExitCode;
}

} // namespace lockscope
