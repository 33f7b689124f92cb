// The inputanim command-line tool: a thin layer over the library. Results go to stdout, logs to stderr.
#include <CLI/CLI.hpp>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "inputanim/binary_format.hpp"
#include "inputanim/check.hpp"
#include "inputanim/file_io.hpp"
#include "inputanim/diff.hpp"
#include "inputanim/gltf_export.hpp"
#include "inputanim/gltf_import.hpp"
#include "inputanim/plot.hpp"
#include "inputanim/sampling.hpp"
#include "inputanim/summary.hpp"
#include "inputanim/synthetic.hpp"
#include "inputanim/version.hpp"
#include "batch.hpp"
#include "common.hpp"
#include "convert.hpp"
#include "findings.hpp"
#include "heap.hpp"
#include "validate.hpp"

using namespace cli;

namespace {

// Float32 values as their shortest decimal (0.9f prints 0.9, not 0.89999997615814209).
Json floatJson(float value) {
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    return Json(std::strtod(std::string(text, end).c_str(), nullptr));
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
    for (const auto& marker : recording.markers) markers.push_back({{"time", floatJson(marker.time)}, {"name", marker.name}});
    json["markers"] = markers;
    json["findings"] = findingsJson(findings);
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

    const auto counts = countBySeverity(findings);
    std::cout << "findings   " << counts[2] << " errors, " << counts[1] << " warnings, " << counts[0] << " notes"
              << (findings.empty() ? "" : " (--json lists all)") << "\n";
    // Show a few of each kind so a long list of one code does not bury the others.
    std::map<std::string, std::size_t> shown;
    constexpr std::size_t kPerCode = 4;
    for (const auto& finding : findings) {
        const std::size_t n = ++shown[finding.code];
        if (n <= kPerCode) {
            std::cout << "  ";
            printFinding(std::cout, finding);
        }
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

// ---- check ---------------------------------------------------------------------------------------

// Exit 5 when the checker finds an error (or, with --strict, a warning).
int runCheck(const Input& input, bool json, bool strict) {
    auto recording = loadRecording(input);
    if (!recording) return fail(kExitInvalidInput, recording.error().describe());
    const auto findings = ia::checkRecording(*recording);
    const auto counts = countBySeverity(findings);
    const bool failed = counts[2] > 0 || (strict && counts[1] > 0);
    if (json) {
        std::cout << Json{{"schema", "inputanim.check/1"}, {"file", input.path}, {"passed", !failed},
                          {"errors", counts[2]}, {"warnings", counts[1]}, {"notes", counts[0]},
                          {"findings", findingsJson(findings)}}
                         .dump(2)
                  << "\n";
    } else {
        for (const auto& finding : findings) printFinding(std::cout, finding);
        std::cout << input.path << ": " << counts[2] << " errors, " << counts[1] << " warnings, " << counts[0] << " notes\n";
    }
    return failed ? kExitCheckFailed : kExitSuccess;
}

// ---- convert and generate ------------------------------------------------------------------------

// ---- diff ----------------------------------------------------------------------------------------

struct DiffCommand {
    Input a, b;
    bool json = false;
    double rate = 120;
    double positionTolerance = 0.001;   // metres
    double rotationTolerance = 0.5;     // degrees
    double switchTolerance = 1.0 / 24;  // seconds
};

int runDiff(const DiffCommand& command) {
    auto a = loadRecording(command.a);
    if (!a) return fail(kExitInvalidInput, a.error().describe());
    Input inputB = command.b;
    inputB.mapFile = command.a.mapFile;
    auto b = loadRecording(inputB);
    if (!b) return fail(kExitInvalidInput, b.error().describe());
    const ia::DiffReport report = ia::diffRecordings(*a, *b, {command.rate});
    const bool within = report.maxPosition <= command.positionTolerance && report.maxRotation <= command.rotationTolerance &&
                        report.maxSwitchShift <= command.switchTolerance && !report.switchCountsDiffer &&
                        report.onlyInA.empty() && report.onlyInB.empty();
    if (command.json) {
        Json json{{"schema", "inputanim.diff/1"}, {"a", command.a.path}, {"b", command.b.path}, {"rate", command.rate},
                  {"start", report.start}, {"end", report.end}, {"within", within},
                  {"tolerances", {{"position", command.positionTolerance}, {"rotation", command.rotationTolerance},
                                  {"switch", command.switchTolerance}}},
                  {"maxPosition", report.maxPosition}, {"maxRotation", report.maxRotation},
                  {"maxSwitchShift", report.maxSwitchShift}, {"onlyInA", report.onlyInA}, {"onlyInB", report.onlyInB}};
        Json poses = Json::array();
        for (const auto& p : report.poses)
            poses.push_back({{"name", p.name}, {"samples", p.samples}, {"maxPosition", p.maxPosition},
                             {"meanPosition", p.meanPosition}, {"maxRotation", p.maxRotation}, {"meanRotation", p.meanRotation}});
        json["poses"] = poses;
        Json booleans = Json::array();
        for (const auto& d : report.booleans)
            booleans.push_back({{"name", d.name}, {"switchesA", d.switchesA}, {"switchesB", d.switchesB},
                                {"maxShift", d.maxShift}, {"countsDiffer", d.countsDiffer}});
        json["booleans"] = booleans;
        std::cout << json.dump(2) << "\n";
    } else {
        std::cout << "compared  " << fixed(report.start) << "-" << fixed(report.end) << " s at " << command.rate << " Hz\n";
        std::cout << "position  max " << fixed(report.maxPosition * 1000, 4) << " mm (tolerance " << command.positionTolerance * 1000 << ")\n";
        std::cout << "rotation  max " << fixed(report.maxRotation, 4) << " degrees (tolerance " << command.rotationTolerance << ")\n";
        std::cout << "switches  max shift " << fixed(report.maxSwitchShift * 1000, 2) << " ms (tolerance "
                  << fixed(command.switchTolerance * 1000, 2) << ")" << (report.switchCountsDiffer ? ", switch counts differ" : "") << "\n";
        for (const auto& name : report.onlyInA) std::cout << "only in A " << name << "\n";
        for (const auto& name : report.onlyInB) std::cout << "only in B " << name << "\n";
        auto worst = report.poses;
        std::sort(worst.begin(), worst.end(), [](const auto& x, const auto& y) { return x.maxPosition > y.maxPosition; });
        for (std::size_t i = 0; i < worst.size() && i < 5; ++i)
            std::cout << "  " << worst[i].name << ": max " << fixed(worst[i].maxPosition * 1000, 4) << " mm, "
                      << fixed(worst[i].maxRotation, 4) << " degrees\n";
        for (const auto& d : report.booleans)
            if (d.countsDiffer || d.maxShift > 0)
                std::cout << "  " << d.name << ": " << d.switchesA.size() << " vs " << d.switchesB.size()
                          << " switches, max shift " << fixed(d.maxShift * 1000, 2) << " ms\n";
        std::cout << (within ? "within tolerance\n" : "BEYOND tolerance\n");
    }
    return within ? kExitSuccess : kExitCheckFailed;
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
    return writeRecordingFile(output, ia::generateRecording(options), std::cerr, false);
}

// ---- sample --------------------------------------------------------------------------------------

struct SampleOptions {
    double rate = 120;
    std::string format = "csv";
    std::string coordinates = "unity";
    std::vector<std::string> select;  // camera, left, right, gaze; empty = all present
};

// Column-wise writer shared by CSV and JSON so both carry the same numbers.
class FrameWriter {
public:
    FrameWriter(const ia::Recording& recording, const SampleOptions& options) {
        auto wanted = [&](const char* section) {
            return options.select.empty() || std::find(options.select.begin(), options.select.end(), section) != options.select.end();
        };
        camera_ = recording.hasCameraPose && wanted("camera");
        hands_[0] = recording.hasHandData && wanted("left");
        hands_[1] = recording.hasHandData && wanted("right");
        gaze_ = recording.hasEyeGaze && wanted("gaze");
    }

    std::vector<std::string> csvHeader() const {
        std::vector<std::string> columns{"time"};
        auto pose = [&](const std::string& prefix) {
            for (const char* c : {"px", "py", "pz", "qx", "qy", "qz", "qw"}) columns.push_back(prefix + "." + c);
        };
        if (camera_) pose("camera");
        for (int h = 0; h < 2; ++h) {
            if (!hands_[h]) continue;
            const std::string side = h == 0 ? "left" : "right";
            columns.push_back(side + ".tracked");
            columns.push_back(side + ".pinching");
            for (int j = 0; j < ia::kJointCount; ++j) pose(side + "." + std::string(ia::jointName(j)));
        }
        if (gaze_)
            for (const char* c : {"gaze.ox", "gaze.oy", "gaze.oz", "gaze.dx", "gaze.dy", "gaze.dz"}) columns.push_back(c);
        return columns;
    }

    std::string csvRow(const ia::FrameSample& f) const {
        std::string row = number(f.time);
        auto add = [&](const std::string& value) { row += "," + value; };
        auto pose = [&](const ia::PoseSample& p) {
            for (double v : p.position) add(number(v));
            for (double v : p.rotation) add(p.rotationDefined ? number(v) : "");
        };
        if (camera_) pose(f.camera);
        for (int h = 0; h < 2; ++h) {
            if (!hands_[h]) continue;
            add(f.tracked[h] ? "1" : "0");
            add(f.pinching[h] ? "1" : "0");
            for (const auto& joint : f.joints[h]) pose(joint);
        }
        if (gaze_) {
            for (double v : f.gazeOrigin) add(number(v));
            for (double v : f.gazeDirection) add(number(v));
        }
        return row;
    }

    Json frameJson(const ia::FrameSample& f) const {
        auto pose = [](const ia::PoseSample& p) {
            return Json{{"position", p.position}, {"rotation", p.rotationDefined ? Json(p.rotation) : Json(nullptr)}};
        };
        Json frame{{"time", f.time}};
        if (camera_) frame["camera"] = pose(f.camera);
        for (int h = 0; h < 2; ++h) {
            if (!hands_[h]) continue;
            Json joints = Json::object();
            for (int j = 0; j < ia::kJointCount; ++j) joints[std::string(ia::jointName(j))] = pose(f.joints[h][j]);
            frame[h == 0 ? "left" : "right"] = {{"tracked", f.tracked[h]}, {"pinching", f.pinching[h]}, {"joints", joints}};
        }
        if (gaze_) frame["gaze"] = {{"origin", f.gazeOrigin}, {"direction", f.gazeDirection}};
        return frame;
    }

private:
    static std::string number(double v) {
        char text[32];
        std::snprintf(text, sizeof text, "%.9g", v);
        return text;
    }
    bool camera_ = false, hands_[2] = {false, false}, gaze_ = false;
};

int runSample(const Input& input, const SampleOptions& options) {
    auto recording = loadRecording(input);
    if (!recording) return fail(kExitInvalidInput, recording.error().describe());
    const auto coordinates = options.coordinates == "gltf" ? ia::Coordinates::Gltf : ia::Coordinates::Unity;
    const double duration = ia::summarize(*recording).duration;
    const FrameWriter writer(*recording, options);
    const auto frames = std::size_t(std::floor(duration * options.rate + 1e-9)) + 1;
    // Float32 times, as a glTF player would see them.
    auto timeOf = [&](std::size_t i) { return double(float(double(i) / options.rate)); };
    if (options.format == "csv") {
        const auto header = writer.csvHeader();
        for (std::size_t i = 0; i < header.size(); ++i) std::cout << (i ? "," : "") << header[i];
        std::cout << "\n";
        for (std::size_t i = 0; i < frames; ++i) std::cout << writer.csvRow(ia::sampleFrame(*recording, timeOf(i), coordinates)) << "\n";
        return kExitSuccess;
    }
    std::cout << "{\"schema\":\"inputanim.sample/1\",\"file\":" << Json(input.path).dump() << ",\"coordinates\":\""
              << options.coordinates << "\",\"rate\":" << options.rate << ",\"duration\":" << Json(duration).dump()
              << ",\"frames\":[\n";
    for (std::size_t i = 0; i < frames; ++i)
        std::cout << writer.frameJson(ia::sampleFrame(*recording, timeOf(i), coordinates)).dump() << (i + 1 < frames ? ",\n" : "\n");
    std::cout << "]}\n";
    return kExitSuccess;
}

// ---- plot ----------------------------------------------------------------------------------------

struct PlotCommand {
    std::string out;
    bool force = false;
    ia::PlotOptions options;
};

int runPlot(const Input& input, PlotCommand command) {
    if (!command.force && std::filesystem::exists(command.out))
        return fail(kExitOutputFailure, command.out + ": exists (use --force to overwrite)");
    auto recording = loadRecording(input);
    if (!recording) return fail(kExitInvalidInput, recording.error().describe());
    if (command.options.title.empty()) command.options.title = std::filesystem::path(input.path).filename().string();
    auto svg = ia::plotSvg(*recording, command.options);
    if (!svg) return fail(kExitUsage, svg.error().message);
    if (auto written = ia::writeFileAtomically(command.out, {reinterpret_cast<const std::uint8_t*>(svg->data()), svg->size()}); !written)
        return fail(kExitOutputFailure, written.error().describe());
    return kExitSuccess;
}

}  // namespace

int main(int argc, char** argv) {
    keepFreedMemory();
    CLI::App app{"inputanim: convert MRTK input animation recordings to glTF 2.0 and back, and inspect them"};
    app.set_version_flag("--version", std::string("inputanim ") + INPUTANIM_VERSION +
                                          "\nformats: MRTK input animation 1.0, 1.1 compact, 1.1 full; glTF 2.0 (.glb, .gltf)"
                                          "\nglTF I/O: tinygltf " INPUTANIM_TINYGLTF_VERSION);
    app.require_subcommand(1);
    app.fallthrough();  // -q and -v also after the verb
    bool quiet = false, verbose = false;
    app.add_flag("-q,--quiet", quiet, "print only errors on stderr");
    app.add_flag("-v,--verbose", verbose, "batch: print every file's summary");

    Input input;
    bool json = false;
    CLI::App* info = app.add_subcommand("info", "show what a recording holds and what the checker finds");
    addInputOptions(*info, input);
    info->add_flag("--json", json, "print the documented JSON (schema inputanim.info/1) instead of text");
    info->footer("Example: inputanim info recording.bin --json");

    OutputOptions output;
    BatchOptions batch;
    CLI::App* convert = app.add_subcommand("convert", "convert a recording to glTF 2.0 (.glb, .gltf), glTF back to a recording, or between format versions and layouts");
    convert->add_option("PATHS", batch.inputs, "IN OUT, or with --out-dir any number of files and folders")->required();
    addInputOptions(*convert, input, nullptr);
    addEncodingOptions(*convert, output);
    addGltfOptions(*convert, output);
    auto* batchGroup = convert->add_option_group("batch (many inputs)");
    batchGroup->add_option("--out-dir", batch.outDir, "convert every PATH (folders recursively) into this folder");
    batchGroup->add_option("--to", batch.to, "output kind: glb, gltf or bin (default: binary -> glb, glTF -> bin)")
        ->check(CLI::IsMember({"glb", "gltf", "bin"}));
    batchGroup->add_option("-j,--jobs", batch.jobs, "worker threads (default 1)")->check(CLI::Range(1u, 256u));
    convert->footer("The output format follows OUT's extension: .glb, .gltf, or anything else for the binary format.\n"
                    "The input's kind follows its content (MRTK magic, GLB or JSON), not its name.\n"
                    "Examples:\n  inputanim convert rec.bin rec.glb\n  inputanim convert rec.bin rec.gltf --embed --linear-only\n"
                    "  inputanim convert old.bin new.bin --format-version 1.1 --layout compact\n"
                    "  inputanim convert recordings/ --out-dir gltf/ -j 2");

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

    SampleOptions sampleOptions;
    CLI::App* sample = app.add_subcommand("sample", "evaluate poses and states per frame, as MRTK plays them (CSV or JSON)");
    addInputOptions(*sample, input);
    sample->add_option("--rate", sampleOptions.rate, "frames per second (default 120)")->check(CLI::Range(0.001, 100000.0));
    sample->add_option("--format", sampleOptions.format, "csv (default) or json")->check(CLI::IsMember({"csv", "json"}));
    sample->add_option("--coordinates", sampleOptions.coordinates, "unity (default, the recording's space) or gltf")
        ->check(CLI::IsMember({"unity", "gltf"}));
    sample->add_option("--select", sampleOptions.select, "sections to include: camera,left,right,gaze (default all)")
        ->delimiter(',')
        ->check(CLI::IsMember({"camera", "left", "right", "gaze"}));
    sample->footer("Rotations are normalised quaternions x, y, z, w; empty in CSV (null in JSON) where all four\n"
                   "components play back as 0. Example: inputanim sample rec.bin --rate 60 --select left > left.csv");

    bool strict = false;
    CLI::App* check = app.add_subcommand("check", "report the checker's findings; exit 5 on errors");
    addInputOptions(*check, input);
    check->add_flag("--json", json, "print JSON (schema inputanim.check/1)");
    check->add_flag("--strict", strict, "warnings fail too");
    check->footer("Finding codes are listed in the README. Example: inputanim check recording.bin --strict");

    CLI::App* validate = app.add_subcommand("validate", "check a glTF against the profile's rules and the recording it converts to; exit 5 on errors");
    addInputOptions(*validate, input);
    validate->add_flag("--json", json, "print JSON (schema inputanim.validate/1)");
    validate->add_flag("--strict", strict, "warnings fail too");
    validate->footer("glTF input: node names and hierarchy, samplers, extras and skins as docs/gltf-profile.md fixes them,\n"
                     "then the checker on the converted recording. Binary input: the checker, then the rules on the\n"
                     "glTF that convert would write. Rule codes are listed in the README.\n"
                     "Examples:\n  inputanim validate authored.glb\n  inputanim validate rec.bin --json --strict");

    DiffCommand diffCommand;
    CLI::App* diff = app.add_subcommand("diff", "compare two recordings (binary or glTF) as MRTK plays them");
    diff->add_option("A", diffCommand.a.path, "first recording (the reference)")->required();
    diff->add_option("B", diffCommand.b.path, "second recording")->required();
    diff->add_option("--map", diffCommand.a.mapFile, "glTF inputs: JSON file naming the nodes to use");
    diff->add_flag("--json", diffCommand.json, "print JSON (schema inputanim.diff/1)");
    diff->add_option("--rate", diffCommand.rate, "samples per second (default 120)")->check(CLI::Range(0.001, 100000.0));
    diff->add_option("--pos-tolerance", diffCommand.positionTolerance, "metres (default 0.001)")->check(CLI::PositiveNumber);
    diff->add_option("--rot-tolerance", diffCommand.rotationTolerance, "degrees (default 0.5)")->check(CLI::PositiveNumber);
    diff->add_option("--switch-tolerance", diffCommand.switchTolerance, "seconds between Boolean switches (default 1/24)")
        ->check(CLI::PositiveNumber);
    diff->footer("Exit status 5 when beyond a tolerance, when switch counts differ, or when a section or joint has keys\n"
                 "in one recording only. Joints are compared where both recordings track the hand.\n"
                 "Example: inputanim diff original.bin roundtrip.glb --json");

    PlotCommand plotCommand;
    CLI::App* plot = app.add_subcommand("plot", "draw an SVG chart of a recording over time, with tracked/pinching bands and markers");
    addInputOptions(*plot, input);
    plot->add_option("--out", plotCommand.out, "the .svg file to write")->required();
    plot->add_flag("--force", plotCommand.force, "overwrite an existing file");
    plot->add_option("--select", plotCommand.options.select,
                     "what to draw: camera, left, right, gaze, or joints such as left.IndexTip (default: every section)")
        ->delimiter(',');
    plot->add_option("--rate", plotCommand.options.rate, "samples per second (default 120)")->check(CLI::Range(0.001, 100000.0));
    plot->add_option("--width", plotCommand.options.width, "px (default 1200)")->check(CLI::Range(400.0, 100000.0));
    plot->add_option("--title", plotCommand.options.title, "heading (default: the file name)");
    plot->footer("A hand shows its palm position, its thumb-index tip distance and its tracked (blue) and pinching\n"
                 "(orange) bands; the camera its position, heading and elevation; gaze its heading and elevation.\n"
                 "Lines are named where they end. Examples:\n  inputanim plot rec.bin --out rec.svg\n"
                 "  inputanim plot rec.glb --out tips.svg --select left.IndexTip,right.IndexTip");

    for (CLI::App* verb : {info, check, validate, convert, gen, sample, diff, plot})
        verb->set_version_flag("--version", std::string("inputanim ") + INPUTANIM_VERSION);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        const int code = app.exit(error);
        return code == 0 ? kExitSuccess : kExitUsage;
    }
    reserveHeapFor(input.path);  // the reading verbs' input (convert's is set below)
    if (info->parsed()) return runInfo(input, json);
    if (check->parsed()) return runCheck(input, json, strict);
    if (validate->parsed()) return runValidate(input, json, strict);
    if (convert->parsed()) {
        batch.quiet = quiet;
        batch.verbose = verbose;
        if (!batch.outDir.empty()) return runBatch(batch, input, output);
        if (batch.inputs.size() != 2) return fail(kExitUsage, "convert takes IN OUT, or many inputs with --out-dir DIR");
        input.path = batch.inputs[0];
        output.path = batch.inputs[1];
        reserveHeapFor(input.path);
        return convertFile(input, output, std::cerr, quiet);
    }
    if (sample->parsed()) return runSample(input, sampleOptions);
    if (diff->parsed()) return runDiff(diffCommand);
    if (plot->parsed()) return runPlot(input, plotCommand);
    return runGenerate(output, generate);
}
