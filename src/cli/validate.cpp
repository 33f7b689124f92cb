#include "validate.hpp"

#include <iostream>

#include "findings.hpp"
#include "inputanim/binary_format.hpp"
#include "inputanim/file_io.hpp"
#include "inputanim/gltf_export.hpp"
#include "inputanim/gltf_validate.hpp"

namespace cli {
namespace {

// A binary recording is checked, then exported in memory and the result validated, so that `validate`
// also tells whether (and how cleanly) the recording converts.
ia::Result<ia::ValidationReport> validateBinary(std::span<const std::uint8_t> bytes, const Input& input) {
    auto recording = ia::readRecording(bytes, input.path, {.acceptPrerelease2019 = input.prerelease2019});
    if (!recording) return recording.error();
    ia::ValidationReport report;
    auto glb = ia::exportGlb(*recording, {});
    if (!glb) {
        report.profile.push_back({ia::Severity::Error, "export-failed", "", glb.error().message});
    } else if (auto exported = ia::validateGltf(*glb, input.path + " (as glTF)")) {
        report.profile = std::move(exported->profile);
    } else {
        report.profile.push_back({ia::Severity::Error, "export-failed", "", exported.error().describe()});
    }
    report.converted = true;
    report.recording = ia::checkRecording(*recording);
    return report;
}

Json profileJson(const std::vector<ia::ProfileFinding>& findings) {
    Json list = Json::array();
    for (const auto& f : findings)
        list.push_back({{"severity", ia::severityName(f.severity)}, {"code", f.code}, {"pointer", f.pointer}, {"message", f.message}});
    return list;
}

}  // namespace

int runValidate(const Input& input, bool json, bool strict) {
    auto bytes = ia::readFile(input.path);
    if (!bytes) return fail(kExitInvalidInput, bytes.error().describe());
    const bool gltf = !ia::hasMagic(*bytes) && ia::looksLikeGltf(*bytes);
    ia::Result<ia::ValidationReport> report = ia::Error{};
    if (gltf) {
        auto options = importOptionsFor(input);
        if (!options) return fail(kExitInvalidInput, options.error().describe());
        report = ia::validateGltf(*bytes, input.path, *options);
    } else {
        report = validateBinary(*bytes, input);
    }
    if (!report) return fail(kExitInvalidInput, report.error().describe());

    const auto profileCounts = countBySeverity(report->profile), recordingCounts = countBySeverity(report->recording);
    const std::size_t errors = profileCounts[2] + recordingCounts[2], warnings = profileCounts[1] + recordingCounts[1],
                      notes = profileCounts[0] + recordingCounts[0];
    const bool passed = errors == 0 && (!strict || warnings == 0);
    if (json) {
        std::cout << Json{{"schema", "inputanim.validate/1"}, {"file", input.path}, {"kind", gltf ? "gltf" : "binary"},
                          {"ownFile", gltf ? report->ownFile : false}, {"passed", passed}, {"errors", errors},
                          {"warnings", warnings}, {"notes", notes}, {"profile", profileJson(report->profile)},
                          {"recording", report->converted ? findingsJson(report->recording) : Json(nullptr)}}
                         .dump(2)
                  << "\n";
    } else {
        std::cout << (gltf ? "glTF profile rules" : "glTF profile rules (on the file `convert` would write)") << ": "
                  << profileCounts[2] << " errors, " << profileCounts[1] << " warnings, " << profileCounts[0] << " notes\n";
        for (const auto& f : report->profile)
            std::cout << "  " << ia::severityName(f.severity) << " " << f.code << (f.pointer.empty() ? "" : " " + f.pointer) << ": "
                      << f.message << "\n";
        if (report->converted) {
            std::cout << "recording checks: " << recordingCounts[2] << " errors, " << recordingCounts[1] << " warnings, "
                      << recordingCounts[0] << " notes\n";
            for (const auto& finding : report->recording) {
                std::cout << "  ";
                printFinding(std::cout, finding);
            }
        }
        std::cout << input.path << ": " << (passed ? "valid" : "INVALID") << " (" << errors << " errors, " << warnings
                  << " warnings, " << notes << " notes)\n";
    }
    return passed ? kExitSuccess : kExitCheckFailed;
}

}  // namespace cli
