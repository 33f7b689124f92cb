// The inputanim command-line tool: a thin layer over the library. Results go to stdout, logs to stderr.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "inputanim/binary_format.hpp"
#include "inputanim/check.hpp"
#include "inputanim/file_io.hpp"
#include "inputanim/summary.hpp"
#include "inputanim/synthetic.hpp"
#include "inputanim/version.hpp"

namespace ia = inputanim;
using Json = nlohmann::ordered_json;

namespace {

// Documented exit codes (README, "Exit codes").
enum ExitCode {
    kExitSuccess = 0,
    kExitUsage = 1,
    kExitInvalidInput = 2,
    kExitUnsupported = 3,
    kExitOutputFailure = 4,
};

int fail(int code, const std::string& line) {
    std::cerr << "inputanim: error: " << line << "\n";
    return code;
}

std::string fixed(double value, int digits = 3) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", digits, value);
    return text;
}

struct Input {
    std::string path;
    bool prerelease2019 = false;
};

ia::Result<ia::Recording> loadRecording(const Input& input) {
    auto bytes = ia::readFile(input.path);
    if (!bytes) return bytes.error();
    return ia::readRecording(*bytes, input.path, {.acceptPrerelease2019 = input.prerelease2019});
}

void addInputOptions(CLI::App& verb, Input& input) {
    verb.add_option("FILE", input.path, "MRTK input animation recording (.bin)")->required();
    verb.add_flag("--prerelease-2019", input.prerelease2019,
                  "read a header-less mid-2019 prerelease recording as a 1.0 body, rebasing its times to start at 0");
}

// ---- info ----------------------------------------------------------------------------------------

Json intervalsJson(const std::vector<ia::Interval>& intervals) {
    Json list = Json::array();
    for (const auto& interval : intervals) list.push_back({interval.start, interval.end});
    return list;
}

Json infoJson(const std::string& path, const ia::Recording& recording, const ia::RecordingSummary& summary,
              const std::vector<ia::Finding>& findings) {
    Json json;
    json["schema"] = "inputanim.info/1";
    json["file"] = path;
    json["format"] = {{"version", recording.encoding.minor == 0 ? "1.0" : "1.1"},
                      {"layout", recording.encoding.layout == ia::Layout::Compact ? "compact" : "full"}};
    json["flags"] = {{"hasCameraPose", recording.hasCameraPose != 0},
                     {"hasHandData", recording.hasHandData != 0},
                     {"hasEyeGaze", recording.hasEyeGaze != 0}};
    json["duration"] = summary.duration;
    json["keyTimes"] = {{"start", summary.keyTimes.start}, {"end", summary.keyTimes.end}};
    json["curves"] = summary.curves;
    json["keys"] = summary.keys;
    Json sections = Json::object();
    for (const auto& section : summary.sections)
        sections[section.name] = {{"present", section.present},
                                  {"curves", section.curves},
                                  {"curvesWithKeys", section.curvesWithKeys},
                                  {"keys", section.keys}};
    json["sections"] = sections;
    json["tracked"] = {{"left", intervalsJson(summary.booleanTrue[0])}, {"right", intervalsJson(summary.booleanTrue[1])}};
    json["pinching"] = {{"left", intervalsJson(summary.booleanTrue[2])}, {"right", intervalsJson(summary.booleanTrue[3])}};
    Json markers = Json::array();
    for (const auto& marker : recording.markers) markers.push_back({{"time", marker.time}, {"name", marker.name}});
    json["markers"] = markers;
    Json list = Json::array();
    for (const auto& finding : findings) {
        Json item = {{"severity", ia::severityName(finding.severity)}, {"code", finding.code}, {"curve", finding.curve}};
        item["key"] = finding.key ? Json(*finding.key) : Json(nullptr);
        item["message"] = finding.message;
        list.push_back(item);
    }
    json["findings"] = list;
    return json;
}

std::string intervalsText(const std::vector<ia::Interval>& intervals, bool present) {
    if (!present) return "-";
    if (intervals.empty()) return "never";
    std::string text;
    for (const auto& interval : intervals)
        text += (text.empty() ? "" : ", ") + fixed(interval.start) + "-" + fixed(interval.end);
    return text + " s";
}

void printInfoText(const std::string& path, const ia::Recording& recording, const ia::RecordingSummary& summary,
                   const std::vector<ia::Finding>& findings) {
    std::cout << "file       " << path << "\n";
    std::cout << "format     " << ia::describe(recording.encoding)
              << (recording.encoding.minor == 0 ? " (full 28-byte keys)"
                  : recording.encoding.layout == ia::Layout::Compact ? " (8-byte keys, MRTK 2.6+ writer)"
                                                                       : " (28-byte keys, published specification)")
              << "\n";
    std::cout << "sections   camera " << (recording.hasCameraPose ? "yes" : "no") << ", hands "
              << (recording.hasHandData ? "yes" : "no") << ", eye gaze " << (recording.hasEyeGaze ? "yes" : "no") << "\n";
    std::cout << "duration   " << fixed(summary.duration) << " s (keys from " << fixed(summary.keyTimes.start) << " to "
              << fixed(summary.keyTimes.end) << " s)\n";
    std::cout << "curves     " << summary.curves << " curves, " << summary.keys << " keys\n";
    for (const auto& section : summary.sections) {
        if (!section.present) {
            std::cout << "  " << section.name << std::string(10 - section.name.size(), ' ') << "absent\n";
            continue;
        }
        std::cout << "  " << section.name << std::string(10 - section.name.size(), ' ') << section.curves << " curves, "
                  << section.curvesWithKeys << " with keys, " << section.keys << " keys\n";
    }
    const bool hands = recording.hasHandData != 0;
    std::cout << "tracked    left " << intervalsText(summary.booleanTrue[0], hands) << "; right "
              << intervalsText(summary.booleanTrue[1], hands) << "\n";
    std::cout << "pinching   left " << intervalsText(summary.booleanTrue[2], hands) << "; right "
              << intervalsText(summary.booleanTrue[3], hands) << "\n";
    std::cout << "markers    " << (recording.markers.empty() ? "none" : std::to_string(recording.markers.size())) << "\n";
    for (const auto& marker : recording.markers) std::cout << "  " << fixed(marker.time) << " s  " << marker.name << "\n";

    std::size_t counts[3] = {};
    for (const auto& finding : findings) ++counts[int(finding.severity)];
    std::cout << "findings   " << counts[2] << " errors, " << counts[1] << " warnings, " << counts[0] << " notes"
              << (findings.empty() ? "" : " (--json lists all)") << "\n";
    // Show a few of each kind so a long list of one code does not bury the others.
    std::map<std::string, std::size_t> shown;
    constexpr std::size_t kPerCode = 4;
    for (const auto& finding : findings) {
        const std::size_t n = ++shown[finding.code];
        if (n <= kPerCode)
            std::cout << "  " << ia::severityName(finding.severity) << " " << finding.code << " " << finding.curve
                      << (finding.key ? " key " + std::to_string(*finding.key) : "") << ": " << finding.message << "\n";
    }
    for (const auto& [code, n] : shown)
        if (n > kPerCode) std::cout << "  ... and " << n - kPerCode << " more " << code << "\n";
}

int runInfo(const Input& input, bool json) {
    auto recording = loadRecording(input);
    if (!recording) return fail(kExitInvalidInput, recording.error().describe());
    const auto summary = ia::summarize(*recording);
    const auto findings = ia::checkRecording(*recording);
    if (json) std::cout << infoJson(input.path, *recording, summary, findings).dump(2) << "\n";
    else printInfoText(input.path, *recording, summary, findings);
    return kExitSuccess;
}

// ---- convert and generate ------------------------------------------------------------------------

struct OutputOptions {
    std::string path;
    std::string formatVersion;  // "", "1.0", "1.1"
    std::string layout;         // "", "compact", "full"
    bool force = false;
};

void addEncodingOptions(CLI::App& verb, OutputOptions& output) {
    verb.add_option("--format-version", output.formatVersion, "output format version (default: the input's)")
        ->check(CLI::IsMember({"1.0", "1.1"}));
    verb.add_option("--layout", output.layout,
                    "1.1 key layout: compact (MRTK 2.6+, default) or full (published specification)")
        ->check(CLI::IsMember({"compact", "full"}));
    verb.add_flag("-f,--force", output.force, "overwrite OUT when it exists");
}

// The encoding asked for, given the input's; nullopt with a message on contradictory options.
std::optional<ia::Encoding> targetEncoding(const OutputOptions& output, ia::Encoding input, std::string& problem) {
    ia::Encoding target = input;
    if (output.formatVersion == "1.0") target = {0, ia::Layout::Full};
    if (output.formatVersion == "1.1" && input.minor == 0) target = {1, ia::Layout::Compact};
    if (!output.layout.empty()) {
        if (target.minor == 0 && output.layout == "compact") {
            problem = "--layout compact needs format version 1.1 (1.0 has only full keys)";
            return std::nullopt;
        }
        target.layout = output.layout == "compact" ? ia::Layout::Compact : ia::Layout::Full;
    }
    return target;
}

int writeOutput(const OutputOptions& output, const ia::Recording& recording) {
    if (!output.force && std::filesystem::exists(output.path))
        return fail(kExitOutputFailure, output.path + ": exists (use --force to overwrite)");
    auto bytes = ia::writeRecording(recording);
    if (!bytes) return fail(kExitUnsupported, bytes.error().describe());
    if (auto written = ia::writeFileAtomically(output.path, *bytes); !written)
        return fail(kExitOutputFailure, written.error().describe());
    std::cerr << "wrote " << output.path << ": " << ia::describe(recording.encoding) << ", " << bytes->size()
              << " bytes\n";
    return kExitSuccess;
}

int runConvert(const Input& input, const OutputOptions& output) {
    auto recording = loadRecording(input);
    if (!recording) return fail(kExitInvalidInput, recording.error().describe());
    std::string problem;
    auto target = targetEncoding(output, recording->encoding, problem);
    if (!target) return fail(kExitUsage, problem);
    auto converted = ia::convertEncoding(*recording, *target);
    // 1.0 -> 1.1 without an explicit layout: MRTK's compact layout when it holds the data, else full.
    if (!converted && output.layout.empty() && target->minor == 1 && recording->encoding.minor == 0) {
        converted = ia::convertEncoding(*recording, {1, ia::Layout::Full});
        if (converted) std::cerr << "note: keys carry tangents or weights that 1.1 compact cannot hold; writing 1.1 full\n";
    }
    if (!converted) return fail(kExitUnsupported, input.path + ": " + converted.error().describe());
    return writeOutput(output, *converted);
}

struct GenerateOptions {
    double duration = 6.0;
    double rate = 60.0;
    std::uint32_t seed = 1;
    bool noReduce = false;
    bool noMarkers = false;
};

int runGenerate(const OutputOptions& output, const GenerateOptions& generate) {
    std::string problem;
    auto target = targetEncoding(output, {1, ia::Layout::Compact}, problem);
    if (!target) return fail(kExitUsage, problem);
    ia::SyntheticOptions options;
    options.encoding = *target;
    options.duration = generate.duration;
    options.frameRate = generate.rate;
    options.seed = generate.seed;
    options.reduceKeys = !generate.noReduce;
    options.markers = !generate.noMarkers;
    return writeOutput(output, ia::generateRecording(options));
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"inputanim: convert MRTK input animation recordings to glTF 2.0 and back, and inspect them"};
    app.set_version_flag("--version", std::string("inputanim ") + INPUTANIM_VERSION +
                                          "\nformats: MRTK input animation 1.0, 1.1 compact, 1.1 full");
    app.require_subcommand(1);

    Input input;
    bool json = false;
    CLI::App* info = app.add_subcommand("info", "show what a recording holds and what the checker finds");
    addInputOptions(*info, input);
    info->add_flag("--json", json, "print the documented JSON (schema inputanim.info/1) instead of text");
    info->footer("Example: inputanim info recording.bin --json");

    OutputOptions output;
    CLI::App* convert = app.add_subcommand("convert", "convert a recording to another format version or layout");
    addInputOptions(*convert, input);
    convert->add_option("OUT", output.path, "output file")->required();
    addEncodingOptions(*convert, output);
    convert->footer("Example: inputanim convert old.bin new.bin --format-version 1.1 --layout compact");

    GenerateOptions generate;
    CLI::App* gen = app.add_subcommand("generate", "write a synthetic two-handed gesture recording");
    gen->add_option("OUT", output.path, "output file")->required();
    addEncodingOptions(*gen, output);
    gen->add_option("--duration", generate.duration, "seconds")->check(CLI::Range(0.1, 36000.0));
    gen->add_option("--rate", generate.rate, "frames per second")->check(CLI::Range(1.0, 1000.0));
    gen->add_option("--seed", generate.seed, "random seed (same seed, same bytes)");
    gen->add_flag("--no-reduce", generate.noReduce, "keep every frame's key (no MRTK-like key reduction)");
    gen->add_flag("--no-markers", generate.noMarkers, "leave markers out");
    gen->footer("Example: inputanim generate gesture.bin --format-version 1.0 --duration 10");

    for (CLI::App* verb : {info, convert, gen})
        verb->set_version_flag("--version", std::string("inputanim ") + INPUTANIM_VERSION);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        const int code = app.exit(error);
        return code == 0 ? kExitSuccess : kExitUsage;
    }
    if (info->parsed()) return runInfo(input, json);
    if (convert->parsed()) return runConvert(input, output);
    return runGenerate(output, generate);
}
