#include "cli/commands/DemoCommand.h"

#include "cli/CliOptions.h"
#include "cli/CommandLine.h"
#include "cli/ExitCode.h"
#include "common/JsonWriter.h"
#include "demo/DemoCatalog.h"

#include <ostream>

namespace lockscope {

int DemoCommand::run(const CliOptions& options, std::ostream& out, std::ostream& err)
{
    const DemoArguments& args = options.arguments.demo;
    if (args.list && args.scenario.empty()) {
        int number = 1;
        for (const auto& scenario : DemoCatalog::all()) {
            out << number++ << "  " << scenario->name() << "\n     " << scenario->title().english()
                << "\n     expected: " << scenario->expectation().english() << "\n";
            if (auto kinds = scenario->checkKinds(); !kinds)
                out << "     (unavailable: " << kinds.error().message << ")\n";
        }
        return ExitOk;
    }
    if (args.scenario.empty() || args.list)
        return CommandLine::usageError(err, "demo", "give one SCENARIO (name or number), or --list");
    auto scenario = DemoCatalog::find(args.scenario);
    if (!scenario)
        return CommandLine::usageError(
            err, "demo", "unknown scenario '" + args.scenario + "' (see demo --list)");

    // With --json the steps are kept for one object at the end; else printed as they happen.
    JsonWriter json;
    json.beginObject()
        .key("scenario")
        .string(scenario->name())
        .key("title")
        .string(scenario->title().english());
    json.key("expected").string(scenario->expectation().english()).key("steps").beginArray();
    if (!args.json)
        out << scenario->title().english() << "\nexpected: " << scenario->expectation().english() << "\n\n"
            << std::flush;
    DemoTimeline timeline([&](const DemoTimeline::Step& step) {
        if (!args.json) {
            out << DemoTimeline::format(step) << "\n" << std::flush;
            return;
        }
        json.beginObject().key("seconds").number(step.seconds).key("actor").string(step.actor);
        json.key("lock").string(step.lock).key("fence").optionalNumber(step.fence);
        json.key("text").string(DemoTimeline::format(step)).endObject();
    });
    DemoContext context;
    context.connection = options.connection;
    auto outcome = scenario->run(context, timeline);
    if (!outcome) {
        err << "lockscope-cli demo " << scenario->name() << ": " << outcome.error().message << "\n";
        return exitCodeFor(outcome.error().kind);
    }
    if (args.json) {
        json.endArray().key("outcome").string(outcome->verdict.english());
        out << json.key("as_expected").boolean(outcome->asExpected).endObject().text() << "\n";
    } else {
        out << "\noutcome: " << outcome->verdict.english() << "\n"
            << (outcome->asExpected ? "as expected\n" : "NOT as expected\n");
    }
    return outcome->asExpected ? ExitOk : unexpectedOutcomeExitCode;
}

} // namespace lockscope
