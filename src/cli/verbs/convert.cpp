// convert: a recording to glTF (.glb, .gltf), glTF back to a recording, or between versions and layouts; many
// files with --out-dir (batch.cpp).
#include "convert.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iostream>

#include "heap.hpp"
#include "inputanim/analysis/check.hpp"
#include "inputanim/analysis/rebase.hpp"
#include "inputanim/archive.hpp"
#include "inputanim/core/tolerances.hpp"
#include "inputanim/edit/edit.hpp"
#include "inputanim/gltf/export.hpp"
#include "inputanim/io/file_io.hpp"
#include "inputanim/mrtk/binary_format.hpp"
#include "inputanim/report.hpp"
#include "verbs.hpp"

namespace cli {
namespace {

std::string megabytes(std::size_t bytes) { return fixed(double(bytes) / 1e6, 2) + " MB"; }

}  // namespace

// --markers FILE: [{"time": seconds, "name": "..."}, ...] in time order.
ia::Result<std::vector<ia::Marker>> readMarkers(const std::string& path) {
    auto bytes = ia::readFile(path);
    if (!bytes) return bytes.error();
    const auto json = nlohmann::json::parse(bytes->begin(), bytes->end(), nullptr, false);
    std::vector<ia::Marker> markers;
    if (json.is_array())
        for (const auto& value : json) {
            auto marker = ia::markerFromJson(value);
            if (!marker) break;
            markers.push_back(std::move(*marker));
        }
    if (!json.is_array() || markers.size() != json.size() ||
        !std::is_sorted(markers.begin(), markers.end(), [](const auto& a, const auto& b) { return a.time < b.time; }))
        return ia::Error{path,
                         {},
                         "expected a JSON array of {\"time\": seconds (float32), \"name\": text} in time order",
                         ia::ErrorKind::Malformed};
    return markers;
}

void addBinaryOptions(CLI::App& verb, ia::BinaryOptions& binary) {
    verb.add_option_function<std::string>(
            "--format-version", [&binary](const std::string& v) { binary.minor = v == "1.0" ? 0 : 1; },
            "output format version (default: the input's)")
        ->check(CLI::IsMember({"1.0", "1.1"}));
    verb.add_option_function<std::string>(
            "--layout",
            [&binary](const std::string& v) { binary.layout = v == "full" ? ia::Layout::Full : ia::Layout::Compact; },
            "1.1 key layout: compact (default; what MRTK reads) or full (the published specification's; no MRTK "
            "version loads it)")
        ->check(CLI::IsMember({"compact", "full"}));
}

int refuseBinaryOptionsFor(ia::OutputKind kind, const ia::BinaryOptions& binary, const std::string& output,
                           std::ostream& log) {
    if (ia::isGltfOutput(kind) && (binary.minor || binary.layout))
        return fail(kExitUsage, "--format-version and --layout apply to binary output, not to " + output, log);
    return kExitSuccess;
}

void printMessages(const std::vector<ia::Finding>& messages, const std::string& input, std::ostream& log, bool quiet) {
    for (const auto& m : messages) {
        if (m.severity == ia::Severity::Note && !quiet) log << "note: " << shown(m.message) << hintFor(m.code) << "\n";
        if (m.severity != ia::Severity::Note)
            log << "inputanim: warning: " << shown(input) << ": " << shown(m.message) << hintFor(m.code) << "\n";
    }
}

ia::Result<ia::OutputKind> outputKind(const std::string& output, const ConvertSettings& settings,
                                      std::optional<ia::InputKind> input) {
    if (isStandardOutput(output)) {
        if (settings.to == "gltf") return ia::OutputKind::GltfEmbedded;  // a separate buffer cannot stream
        if (settings.to == "glb") return ia::OutputKind::Glb;
        if (settings.to == "bin") return ia::OutputKind::MrtkBinary;
        return input == ia::InputKind::MrtkBinary ? ia::OutputKind::Glb : ia::OutputKind::MrtkBinary;
    }
    if (auto kind = ia::outputKindFor(output, settings.embed)) return *kind;
    const std::string extension = ia::lowercaseExtension(output);
    return ia::Error{
        output,
        {},
        (extension.empty() ? std::string("has no extension") : "unknown output extension '" + extension + "'") +
            ": the output's format follows its extension (" + std::string(ia::outputExtensions()) +
            "); nothing written",
        ia::ErrorKind::Refused};
}

namespace {

// The notes and warnings of one conversion: printed as they come, or kept for the JSON report.
struct Telling {
    std::ostream& log;
    bool quiet, json;
    std::vector<std::pair<std::string, ia::Finding>> kept;  // file, message
    void operator()(const std::vector<ia::Finding>& messages, const std::string& file) {
        if (!json) return printMessages(messages, file, log, quiet);
        for (const auto& m : messages) kept.emplace_back(file, m);
    }
};

// What can be refused before the work: a name of no format, an existing output without --force.
int refuseEarly(const ConvertSettings& settings, const std::string& output, std::ostream& log) {
    if (isStandardOutput(output)) return kExitSuccess;
    auto kind = outputKind(output, settings, std::nullopt);
    if (!kind) return fail(kind.error(), log);
    for (const auto& file : ia::outputFiles(output, *kind))
        if (auto s = ia::checkTarget(file, overwriteFor(settings.force)); !s) {
            ia::Error error = s.error();
            if (file != output && error.reason == ia::Reason::OutputExists)
                error.message = "exists (the .gltf's buffer)";
            return fail(error, log);
        }
    return kExitSuccess;
}

// --base: the original, in the encoding the output will have, and the edit put onto it.
ia::Result<ia::Recording> ontoBase(const ConvertSettings& settings, ia::LoadOptions load, ia::LoadReport& loaded,
                                   Telling& tell) {
    auto base = ia::loadFile(settings.base);
    if (!base) return base.error();
    ia::BinaryReport prepared;
    auto inEncoding = ia::prepareBinary(*base, settings.binary, &prepared);
    if (!inEncoding) return inEncoding.error().from(settings.base);
    if (*inEncoding) base = std::move(**inEncoding);
    tell(prepared.messages, settings.base);
    load.gltf.encoding = base->encoding;  // the edit is read back in the base's encoding, then put onto it
    auto edit = ia::loadFile(settings.input.path, load, &loaded);
    if (!edit) return edit.error();
    ia::RebaseReport rebased;
    auto merged = ia::rebase(*base, *edit, {}, &rebased);
    if (!merged) return merged.error().from(settings.input.path);
    std::string edited;
    for (const auto& name : rebased.edited) edited += (edited.empty() ? "" : ", ") + name;
    tell({ia::Finding::note("onto-base",
                            "onto " + settings.base + ": " +
                                (edited.empty() ? "nothing edited; the base's keys kept" : "edited " + edited))},
         settings.input.path);
    return merged;
}

// Whether the recording is the input file's own (no --base, no --markers) and a file, for its archive to record.
bool recordsSource(const ConvertSettings& settings) {
    return settings.base.empty() && settings.markers.empty() && !isStandardOutput(settings.input.path);
}

// The input, put onto --base and given --markers when asked.
ia::Result<ia::Recording> loadInput(const ConvertSettings& settings, ia::LoadReport& loaded, Telling& tell) {
    ia::LoadOptions load = settings.input.load;
    load.recordSource = recordsSource(settings);
    load.gltf.positionTolerance = settings.gltf.positionTolerance;
    load.gltf.rotationTolerance = settings.gltf.rotationTolerance;
    auto recording = settings.base.empty() ? ia::loadFile(settings.input.path, load, &loaded)
                                           : ontoBase(settings, load, loaded, tell);
    if (!recording) return recording;
    tell(loaded.gltf.notes, settings.input.path);
    if (!settings.markers.empty()) {
        auto markers = readMarkers(settings.markers);
        if (!markers) return markers.error();
        recording->markers = std::move(*markers);
        tell(ia::checkMarkers(*recording), settings.markers);
    }
    return recording;
}

// What a glTF written from an MRTK recording records of it (docs/archival.md): loaded only when the recording is the
// file's own (recordsSource), hashed as the file was read; dated only by SOURCE_DATE_EPOCH, so that the output stays
// the same bytes from run to run.
std::optional<ia::Provenance> provenanceFor(ia::LoadReport& loaded) {
    if (!ia::recordedSource(loaded)) return std::nullopt;
    ia::Provenance provenance = *loaded.source;
    if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH")) {
        const std::time_t seconds = std::time_t(std::strtoll(epoch, nullptr, 10));
        char text[32];
        if (const std::tm* utc = std::gmtime(&seconds);
            utc && std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", utc))
            provenance.date = text;
    }
    return provenance;
}

// "wrote rec.glb: 388 channels (...)" and the deviation; the exit status.
int summarize(const ia::SaveReport& report, const ia::SaveOptions& save, ia::OutputKind kind, bool beyond,
              std::ostream& log) {
    std::string files;
    for (const auto& file : report.files) files += (files.empty() ? "" : ", ") + shown(file);
    if (!ia::isGltfOutput(kind)) {
        log << "wrote " << files << ": " << ia::describe(report.binary.encoding) << ", " << report.bytes << " bytes\n";
        return beyond ? kExitBeyondTolerance : kExitSuccess;
    }
    const auto& g = report.gltf;
    log << "wrote " << files << ": " << g.channels << " channels (" << g.linearSamplers << " LINEAR, "
        << g.cubicSamplers << " CUBICSPLINE, " << g.stepSamplers << " STEP), " << g.knots << " keyframes, JSON "
        << megabytes(g.jsonBytes) << ", buffer " << megabytes(g.bufferBytes)
        << (g.uncompressedBytes != g.bufferBytes
                ? " (EXT_meshopt_compression; " + megabytes(g.uncompressedBytes) + " without)"
                : "")
        << "\n";
    if (!beyond)
        log << ia::deviationLine(report.maxPositionError, report.maxRotationError, save.gltf.positionTolerance,
                                 save.gltf.rotationTolerance)
            << "\n";
    return beyond ? kExitBeyondTolerance : kExitSuccess;
}

// Schema inputanim.convert/1 (docs/cli.md): what was written, how far it plays from the source, the messages, and
// the recording converted (the input, or the edit put onto --base) as `info --json` describes it.
std::string reportJson(const ConvertSettings& settings, const std::string& output, const ia::Recording& recording,
                       const ia::LoadReport& loaded, const ia::SaveReport& report, ia::OutputKind kind, bool beyond,
                       const Telling& tell) {
    Json json;
    json["schema"] = "inputanim.convert/1";
    json["input"] = settings.input.path;
    json["output"] = output;
    json["files"] = report.files;
    if (ia::isGltfOutput(kind)) {
        const auto& g = report.gltf;
        json["kind"] = kind == ia::OutputKind::Glb ? "glb" : "gltf";
        json["gltf"] = {{"channels", g.channels},
                        {"keyframes", g.knots},
                        {"linearSamplers", g.linearSamplers},
                        {"cubicSplineSamplers", g.cubicSamplers},
                        {"stepSamplers", g.stepSamplers},
                        {"jsonBytes", g.jsonBytes},
                        {"bufferBytes", g.bufferBytes}};
        if (g.uncompressedBytes != g.bufferBytes) json["gltf"]["uncompressedBytes"] = g.uncompressedBytes;
    } else {
        json["kind"] = "bin";
        json["format"] = {{"version", ia::versionName(report.binary.encoding)},
                          {"layout", ia::layoutName(report.binary.encoding.layout)}};
        json["bytes"] = report.bytes;
    }
    json["deviation"] = {{"position", report.maxPositionError}, {"rotation", report.maxRotationError}};
    json["tolerance"] = {{"position", settings.gltf.positionTolerance}, {"rotation", settings.gltf.rotationTolerance}};
    json["beyondTolerance"] = beyond;
    Json messages = Json::array();
    for (const auto& [file, m] : tell.kept)
        messages.push_back(
            {{"severity", ia::severityName(m.severity)}, {"code", m.code}, {"file", file}, {"message", m.message}});
    json["messages"] = messages;
    json["recording"] = ia::infoJson(settings.input.path, recording, loaded, ia::summarize(recording), {});
    return dumped(json);
}

}  // namespace

int convertFile(const ConvertSettings& settings, const std::string& output, std::ostream& log, bool quiet,
                std::vector<ia::StagedFile>* deferred, Converted* saved) {
    const std::string& inputPath = settings.input.path;
    const bool toStdout = isStandardOutput(output);
    if (int code = refuseEarly(settings, output, log); code != kExitSuccess) return code;
    if (settings.json && toStdout)
        return fail(kExitUsage, "--json reports on standard output, which the output takes here", log);
    Telling tell{log, quiet, settings.json, {}};
    ia::LoadReport loaded;
    auto recording = loadInput(settings, loaded, tell);
    if (!recording) return fail(recording.error(), log);
    auto kind = outputKind(output, settings, loaded.kind);
    if (!kind) return fail(kind.error(), log);
    if (int code = refuseBinaryOptionsFor(*kind, settings.binary, output, log); code != kExitSuccess) return code;

    ia::SaveOptions save;
    save.overwrite = overwriteFor(settings.force);
    save.binary = settings.binary;
    save.binary.positionTolerance = settings.gltf.positionTolerance;
    save.binary.rotationTolerance = settings.gltf.rotationTolerance;
    save.gltf = settings.gltf;
    save.gltf.meshes = !settings.noMesh;
    if (ia::isGltfOutput(*kind)) save.gltf.provenance = provenanceFor(loaded);
    save.inputs = loaded.gltf.bufferFiles;  // every file the run reads, never replaced
    save.sourcePositionError = loaded.gltf.maxPositionError;
    save.sourceRotationError = loaded.gltf.maxRotationError;
    for (const std::string* read : {&inputPath, &settings.base, &settings.markers, &settings.input.load.mapFile})
        if (!read->empty()) save.inputs.push_back(*read);
    ia::SaveReport report;
    if (toStdout) {
        auto produce = [&](const ia::ByteSink& write) {
            return ia::writeRecording(*recording, *kind, save, write, &report);
        };
        if (int code = writeStandardOutput(produce, log); code != kExitSuccess) return code;
    } else {
        auto staged = ia::stageRecording(*recording, output, *kind, save, &report);
        if (!staged) return fail(staged.error().from(inputPath), log);
        if (deferred) {
            for (auto& file : *staged) deferred->push_back(std::move(file));
        } else if (auto committed = ia::commitInOrder(*staged); !committed) {
            return fail(committed.error(), log);
        }
    }
    tell(report.messages, inputPath);
    if (saved) *saved = {report, save.gltf.provenance};
    const bool beyond = report.beyondTolerance;
    if (settings.json) {
        std::cout << reportJson(settings, output, *recording, loaded, report, *kind, beyond, tell) << "\n";
        return beyond ? int(kExitBeyondTolerance) : int(kExitSuccess);
    }
    if (quiet || toStdout) return beyond ? int(kExitBeyondTolerance) : int(kExitSuccess);
    return summarize(report, save, *kind, beyond, log);
}

namespace {

// The options of a glTF output.
void addGltfOptions(CLI::App& convert, ConvertSettings& s) {
    auto* gltf = convert.add_option_group("glTF output (OUT ending in .glb or .gltf)");
    gltf->add_flag("--linear-only", s.gltf.linearOnly,
                   "only LINEAR/STEP samplers: densify Hermite and weighted data (for Blender)");
    gltf->add_option_function<std::string>(
            "--rig",
            [&s](const std::string& rig) { s.gltf.rig = rig == "hierarchy" ? ia::Rig::Hierarchy : ia::Rig::Flat; },
            "hands as flat joints (exact, default) or a hierarchy of bones (editable in Blender)")
        ->transform(CLI::IsMember({"flat", "hierarchy"}, CLI::ignore_case));
    gltf->add_option_function<std::string>(
            "--compress", [&s](const std::string& method) { s.gltf.compress = method == ia::kCompressionNames[1]; },
            "meshopt: every buffer view compressed losslessly (EXT_meshopt_compression; three.js reads it with its "
            "MeshoptDecoder, Blender 3.4 cannot); none (default)")
        ->transform(CLI::IsMember(std::vector<std::string>(ia::kCompressionNames.begin(), ia::kCompressionNames.end()),
                                  CLI::ignore_case));
    gltf->add_flag("--no-mesh", s.noMesh, "leave out the hand, pinch and gaze meshes");
    gltf->add_flag("--embed", s.embed, ".gltf only: embed the buffer as a data URI instead of a .bin beside it");
    gltf->add_option("--fov", s.gltf.verticalFieldOfView,
                     withDefault("camera vertical field of view in degrees", s.gltf.verticalFieldOfView))
        ->check(finiteWithin(1.0, 179.0));
}

}  // namespace

Verb addConvert(CLI::App& app, const Globals& globals) {
    struct Options {
        ConvertSettings settings;
        BatchSettings batch;
        std::vector<std::string> paths;
        std::string output;
    };
    auto options = std::make_shared<Options>();
    ConvertSettings& s = options->settings;
    CLI::App* convert = app.add_subcommand("convert",
                                           "convert a recording to glTF 2.0 (.glb, .gltf), glTF back to a recording, "
                                           "or between format versions and layouts");
    convert
        ->add_option("PATHS", options->paths,
                     "IN OUT (or IN -o OUT), or with --out-dir any number of files and folders")
        ->required();
    convert->add_option("-o,--output", options->output,
                        "the output file (- for standard output); its extension sets the format");
    addInputOptions(*convert, s.input, nullptr);
    addBinaryOptions(*convert, s.binary);
    convert
        ->add_option("--pos-tolerance", s.gltf.positionTolerance,
                     withDefault("how far fitted keys or samplers may play from the source: metres",
                                 ia::kDefaultPositionTolerance))
        ->check(kPositive);
    convert
        ->add_option("--rot-tolerance", s.gltf.rotationTolerance,
                     withDefault("and degrees", ia::kDefaultRotationTolerance))
        ->check(kPositive);
    convert->add_flag("-f,--force", s.force, "overwrite outputs that exist (never an input)");
    convert->add_flag(
        "--json", s.json,
        "print a report (what was written, deviations, notes and warnings, the recording) as JSON on standard output");
    convert
        ->add_option("--base", s.base,
                     "glTF input: the recording it was edited from; what the edit left within 1 mm, 0.5 degrees and "
                     "1/24 s keeps the base's keys")
        ->check(CLI::ExistingFile);
    convert
        ->add_option("--markers", s.markers,
                     "a JSON file of markers [{\"time\": s, \"name\": ...}] replacing the input's")
        ->check(CLI::ExistingFile);
    addGltfOptions(*convert, s);
    auto* batch = convert->add_option_group("batch (many inputs)");
    batch->add_option("--out-dir", options->batch.outDir, "convert every PATH (folders recursively) into this folder");
    batch->add_option("--to", s.to, "output kind: glb, gltf or bin (default: binary -> glb, glTF -> bin)")
        ->check(CLI::IsMember({"glb", "gltf", "bin"}));
    batch->add_option("-j,--jobs", options->batch.jobs, withDefault("worker threads", options->batch.jobs))
        ->check(CLI::Range(1u, 256u));
    convert->footer(
        "The output's format follows its extension: .bin, .glb or .gltf (others are refused).\n"
        "The input's kind follows its content (MRTK magic, GLB or JSON), not its name.\n"
        "Examples:\n  inputanim convert rec.bin rec.glb\n  inputanim convert rec.bin -o rec.gltf --embed "
        "--linear-only\n"
        "  inputanim convert old.bin new.bin --format-version 1.1 --layout compact\n"
        "  inputanim convert rec.bin rec.glb --compress meshopt\n"
        "  inputanim convert recordings/ --out-dir gltf/ -j 2");
    return {convert,
            [options, &globals] {
                auto& o = *options;
                if (!o.batch.outDir.empty()) {
                    if (!o.output.empty())
                        return fail(
                            kExitUsage,
                            "-o/--output names one output; with --out-dir the outputs are named after the inputs");
                    if (o.settings.json)
                        return fail(kExitUsage, "--json reports on one conversion; a batch prints a line per file");
                    o.batch.inputs = o.paths;
                    return runBatch(o.batch, o.settings, globals);
                }
                if (!o.output.empty()) o.paths.push_back(o.output);
                if (o.paths.size() != 2)
                    return fail(kExitUsage, "convert takes IN OUT (or IN -o OUT), or many inputs with --out-dir DIR");
                o.settings.input.path = o.paths[0];
                reserveHeapFor(o.paths[0]);
                return convertFile(o.settings, o.paths[1], std::cerr, globals.quiet);
            },
            &options->settings.input.path};
}

}  // namespace cli
