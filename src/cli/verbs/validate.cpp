// validate: a glTF against the profile's rules plus the recording it converts to, or a binary recording plus
// the glTF it would export to; exit 5 on errors (with --strict, on warnings too).
#include <iostream>

#include "findings.hpp"
#include "inputanim/report.hpp"
#include "verbs.hpp"

namespace cli {

Verb addValidate(CLI::App& app, const Globals&) {
    struct Options {
        InputOptions input;
        bool json = false, strict = false;
    };
    auto options = std::make_shared<Options>();
    CLI::App* validate = app.add_subcommand(
        "validate", "check a glTF against the profile's rules and the recording it converts to; exit 5 on errors");
    addInputOptions(*validate, options->input);
    validate->add_flag("--json", options->json, "print JSON (schema inputanim.validate/1)");
    validate->add_flag("--strict", options->strict, "warnings fail too");
    validate->footer(
        "glTF input: node names and hierarchy, samplers, extras and skins as docs/gltf-profile.md fixes them,\n"
        "then the checker on the converted recording. Binary input: the checker, then the rules on the\n"
        "glTF that convert would write. Rule codes are listed in docs/cli.md.\n"
        "Examples:\n  inputanim validate authored.glb\n  inputanim validate rec.bin --json --strict");
    return {validate,
            [options] {
                const std::string& path = options->input.path;
                auto report = ia::validateFile(path, options->input.load);
                if (!report) return fail(report.error());
                const bool gltf = ia::isGltfInput(report->kind);
                const auto profile = ia::countBySeverity(report->profile),
                           recording = ia::countBySeverity(report->recording);
                const std::size_t errors = profile[2] + recording[2], warnings = profile[1] + recording[1],
                                  notes = profile[0] + recording[0];
                const bool passed = errors == 0 && (!options->strict || warnings == 0);
                if (options->json) {
                    std::cout << dumped(Json{{"schema", "inputanim.validate/1"},
                                             {"file", path},
                                             {"kind", gltf ? "gltf" : "binary"},
                                             {"ownFile", report->ownFile},
                                             {"passed", passed},
                                             {"errors", errors},
                                             {"warnings", warnings},
                                             {"notes", notes},
                                             {"profile", ia::profileFindingsJson(report->profile)},
                                             {"recording",
                                              report->converted ? ia::findingsJson(report->recording) : Json(nullptr)}})
                              << "\n";
                    return int(passed ? kExitSuccess : kExitCheckFailed);
                }
                std::cout << (gltf ? "glTF profile rules" : "glTF profile rules (on the file `convert` would write)")
                          << ": " << profile[2] << " errors, " << profile[1] << " warnings, " << profile[0]
                          << " notes\n";
                for (const auto& finding : report->profile) {
                    std::cout << "  ";
                    printFinding(std::cout, finding);
                }
                if (report->converted) {
                    std::cout << "recording checks: " << recording[2] << " errors, " << recording[1] << " warnings, "
                              << recording[0] << " notes\n";
                    for (const auto& finding : report->recording) {
                        std::cout << "  ";
                        printFinding(std::cout, finding);
                    }
                }
                std::cout << shown(path) << ": " << (passed ? "valid" : "INVALID") << " (" << errors << " errors, "
                          << warnings << " warnings, " << notes << " notes)\n";
                return int(passed ? kExitSuccess : kExitCheckFailed);
            },
            &options->input.path};
}

}  // namespace cli
