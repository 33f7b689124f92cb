// info: what a recording (or the recording a glTF converts to) holds, and what the checker finds.
#include <iostream>
#include <map>

#include "findings.hpp"
#include "inputanim/analysis/check.hpp"
#include "inputanim/analysis/summary.hpp"
#include "inputanim/report.hpp"
#include "verbs.hpp"

namespace cli {
namespace {

std::string intervalsText(const std::vector<ia::Interval>& intervals, bool present) {
    if (!present) return "-";
    if (intervals.empty()) return "never";
    std::string text;
    for (const auto& interval : intervals)
        text += (text.empty() ? "" : ", ") + fixed(interval.start) + "-" + fixed(interval.end);
    return text + " s";
}

void printGltfInput(const ia::LoadReport& loaded) {
    if (loaded.kind == ia::InputKind::IwerCapture)
        std::cout << "input      " << ia::inputKindName(loaded.kind) << ", read as a WebXR take\n";
    if (!ia::isGltfInput(loaded.kind)) return;
    const auto& report = loaded.gltf;
    std::cout << "input      " << ia::inputKindName(loaded.kind)
              << (report.ownFile ? ", written by inputanim" : ", from another tool (fitted)") << "\n";
    if (report.animations.size() > 1 || (!report.animations.empty() && !report.ownFile)) {
        std::cout << "animations " << report.animations.size() << " (--animation NAME|INDEX picks one)\n";
        for (std::size_t a = 0; a < report.animations.size(); ++a) {
            const auto& animation = report.animations[a];
            std::cout << (int(a) == report.animation ? "  * " : "    ") << a << " '" << shown(animation.name)
                      << "': " << animation.channels << " channels, " << fixed(animation.duration) << " s\n";
        }
    }
    if (report.provenance) printProvenance(std::cout, *report.provenance);
    if (!report.extensionsUsed.empty()) {
        std::cout << "extensions";
        for (std::size_t e = 0; e < report.extensionsUsed.size(); ++e)
            std::cout << (e ? ", " : " ") << shown(report.extensionsUsed[e]);
        std::cout << "\n";
    }
    for (const auto& note : report.notes)
        std::cout << "note       " << shown(note.message) << hintFor(note.code) << "\n";
}

void printInfoText(const std::string& path, const ia::Recording& recording, const ia::LoadReport& loaded,
                   const ia::RecordingSummary& summary, const std::vector<ia::Finding>& findings) {
    std::cout << "file       " << shown(path) << "\n";
    printGltfInput(loaded);
    std::cout << "format     " << ia::describe(recording.encoding)
              << (recording.encoding.minor == 0 ? " (full 28-byte keys)"
                  : recording.encoding.layout == ia::Layout::Compact
                      ? " (8-byte keys, MRTK 2.6+ writer)"
                      : " (28-byte keys, the published specification's; no MRTK version loads it)")
              << "\n";
    std::cout << "sections   camera " << (recording.hasCameraPose ? "yes" : "no") << ", hands "
              << (recording.hasHandData ? "yes" : "no") << ", eye gaze " << (recording.hasEyeGaze ? "yes" : "no")
              << "\n";
    std::cout << "duration   " << fixed(summary.duration) << " s as MRTK plays it (keys and markers from "
              << fixed(summary.keyTimes.start) << " to " << fixed(summary.keyTimes.end) << " s)\n";
    std::cout << "curves     " << summary.curves << " curves, " << summary.keys << " keys\n";
    for (const auto& section : summary.sections) {
        std::cout << "  " << section.name << std::string(10 - section.name.size(), ' ');
        if (!section.present) std::cout << "absent\n";
        else
            std::cout << section.curves << " curves, " << section.curvesWithKeys << " with keys, " << section.keys
                      << " keys\n";
    }
    const bool hands = recording.hasHandData != 0;
    std::cout << "tracked    left " << intervalsText(summary.booleanTrue[0], hands) << "; right "
              << intervalsText(summary.booleanTrue[1], hands) << "\n";
    std::cout << "pinching   left " << intervalsText(summary.booleanTrue[2], hands) << "; right "
              << intervalsText(summary.booleanTrue[3], hands) << "\n";
    std::cout << "markers    " << (recording.markers.empty() ? "none" : std::to_string(recording.markers.size()))
              << "\n";
    for (const auto& marker : recording.markers)
        std::cout << "  " << fixed(marker.time) << " s  " << shown(marker.name) << "\n";

    const auto counts = ia::countBySeverity(findings);
    std::cout << "findings   " << counts[2] << " errors, " << counts[1] << " warnings, " << counts[0] << " notes"
              << (findings.empty() ? "" : " (--json lists all)") << "\n";
    // A few of each kind, so that a long list of one code does not bury the others.
    std::map<std::string, std::size_t> shownPerCode;
    constexpr std::size_t kPerCode = 4;
    for (const auto& finding : findings)
        if (++shownPerCode[finding.code] <= kPerCode) {
            std::cout << "  ";
            printFinding(std::cout, finding);
        }
    for (const auto& [code, n] : shownPerCode)
        if (n > kPerCode) std::cout << "  ... and " << n - kPerCode << " more " << code << "\n";
}

}  // namespace

Verb addInfo(CLI::App& app, const Globals&) {
    struct Options {
        InputOptions input;
        bool json = false;
    };
    auto options = std::make_shared<Options>();
    CLI::App* info = app.add_subcommand("info", "show what a recording holds and what the checker finds");
    addInputOptions(*info, options->input);
    info->add_flag("--json", options->json, "print the documented JSON (schema inputanim.info/1) instead of text");
    info->footer("Example: inputanim info recording.bin --json");
    return {info,
            [options] {
                ia::LoadReport loaded;
                auto recording = ia::loadFile(options->input.path, options->input.load, &loaded);
                if (!recording) return fail(recording.error());
                const auto summary = ia::summarize(*recording);
                const auto findings = ia::checkRecording(*recording);
                if (options->json)
                    std::cout << dumped(ia::infoJson(options->input.path, *recording, loaded, summary, findings))
                              << "\n";
                else printInfoText(options->input.path, *recording, loaded, summary, findings);
                return int(kExitSuccess);
            },
            &options->input.path};
}

}  // namespace cli
