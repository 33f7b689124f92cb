// check: the checker's findings on a recording; exit 5 on errors (with --strict, on warnings too).
#include <iostream>

#include "findings.hpp"
#include "inputanim/report.hpp"
#include "inputanim/analysis/check.hpp"
#include "verbs.hpp"

namespace cli {

Verb addCheck(CLI::App& app, const Globals&) {
    struct Options {
        InputOptions input;
        bool json = false, strict = false;
    };
    auto options = std::make_shared<Options>();
    CLI::App* check = app.add_subcommand("check", "report the checker's findings; exit 5 on errors");
    addInputOptions(*check, options->input);
    check->add_flag("--json", options->json, "print JSON (schema inputanim.check/1)");
    check->add_flag("--strict", options->strict, "warnings fail too");
    check->footer("Finding codes are listed in docs/cli.md. Example: inputanim check recording.bin --strict");
    return {check,
            [options] {
                auto recording = ia::loadFile(options->input.path, options->input.load);
                if (!recording) return fail(recording.error());
                const auto findings = ia::checkRecording(*recording);
                const auto counts = ia::countBySeverity(findings);
                const bool failed = counts[2] > 0 || (options->strict && counts[1] > 0);
                if (options->json) {
                    std::cout << dumped(Json{{"schema", "inputanim.check/1"},
                                             {"file", options->input.path},
                                             {"passed", !failed},
                                             {"errors", counts[2]},
                                             {"warnings", counts[1]},
                                             {"notes", counts[0]},
                                             {"findings", ia::findingsJson(findings)}})
                              << "\n";
                } else {
                    for (const auto& finding : findings) printFinding(std::cout, finding);
                    std::cout << shown(options->input.path) << ": " << counts[2] << " errors, " << counts[1]
                              << " warnings, " << counts[0] << " notes\n";
                }
                return int(failed ? kExitCheckFailed : kExitSuccess);
            },
            &options->input.path};
}

}  // namespace cli
