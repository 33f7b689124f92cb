// convert: a recording to glTF (.glb, .gltf), glTF back to a recording, or between versions and layouts; many
// files with --out-dir (batch.cpp).
#include "convert.hpp"

#include <iostream>

#include "heap.hpp"
#include "inputanim/core/tolerances.hpp"
#include "verbs.hpp"

namespace cli {
namespace {

std::string megabytes(std::size_t bytes) { return fixed(double(bytes) / 1e6, 2) + " MB"; }

}  // namespace

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

void printMessages(const std::vector<ia::Finding>& messages, const std::string& input, std::ostream& log, bool quiet) {
    for (const auto& m : messages) {
        if (m.severity == ia::Severity::Note && !quiet) log << "note: " << shown(m.message) << hintFor(m.code) << "\n";
        if (m.severity != ia::Severity::Note)
            log << "inputanim: warning: " << shown(input) << ": " << shown(m.message) << hintFor(m.code) << "\n";
    }
}

void printMessages(const std::vector<std::pair<std::string, ia::Finding>>& messages, std::ostream& log, bool quiet) {
    for (const auto& [file, m] : messages) printMessages({m}, file, log, quiet);
}

ia::Job jobOf(const ConvertSettings& settings) {
    ia::Job job = settings.job;
    job.overwrite = overwriteFor(settings.force);
    job.gltf.meshes = !settings.noMesh;
    job.gltf.extras = !settings.noExtras;
    job.gltf.animation = !settings.noAnimation;
    if (!settings.to.empty()) job.kind = ia::outputKindNamed(settings.to);
    return job;
}

namespace {

// "wrote rec.glb: 388 channels (...)" and the deviation.
void summarize(const ia::Job& job, const ia::JobReport& report, std::ostream& log) {
    const ia::SaveReport& saved = report.saved;
    std::string files;
    for (const auto& file : saved.files) files += (files.empty() ? "" : ", ") + shown(file);
    const std::string deviation = ia::deviationLine(saved.maxPositionError, saved.maxRotationError,
                                                    job.tolerances.position, job.tolerances.rotation);
    if (report.kind == ia::OutputKind::MrtkBinary) {
        log << "wrote " << files << ": " << ia::describe(saved.binary.encoding) << ", " << saved.bytes << " bytes\n";
        return;
    }
    if (report.kind == ia::OutputKind::IwerCapture) {
        log << "wrote " << files << ": IWER capture, " << saved.iwer.frames << " frames, " << megabytes(saved.bytes)
            << "\n"
            << (saved.beyondTolerance ? "" : deviation + "\n");
        return;
    }
    const auto& g = saved.gltf;
    log << "wrote " << files << ": " << g.channels << " channels (" << g.linearSamplers << " LINEAR, "
        << g.cubicSamplers << " CUBICSPLINE, " << g.stepSamplers << " STEP), " << g.knots << " keyframes, JSON "
        << megabytes(g.jsonBytes) << ", buffer " << megabytes(g.bufferBytes)
        << (g.uncompressedBytes != g.bufferBytes
                ? " (EXT_meshopt_compression; " + megabytes(g.uncompressedBytes) + " without)"
                : "")
        << "\n";
    if (!saved.beyondTolerance) log << deviation << "\n";
}

}  // namespace

int runConverting(const ia::Job& job, bool json, std::ostream& log, bool quiet, ia::JobReport& report,
                  std::vector<ia::StagedFile>* deferred, const Summary& summary) {
    const bool toStdout = isStandardOutput(job.output);
    if (json && toStdout)
        return fail(kExitUsage, "--json reports on standard output, which the output takes here", log);
    const auto status = ia::runJob(job, report, {deferred, json || summary});
    if (!json) printMessages(report.messages, log, quiet);
    if (!status) return fail(status.error(), log);
    if (json) std::cout << dumped(ia::runReportJson(job, report)) << "\n";
    else if (!quiet && !toStdout) (summary ? summary : summarize)(job, report, log);
    return report.saved.beyondTolerance ? int(kExitBeyondTolerance) : int(kExitSuccess);
}

namespace {

// The options of a glTF output.
void addGltfOptions(CLI::App& convert, ConvertSettings& s) {
    auto* gltf = convert.add_option_group("glTF output (OUT ending in .glb or .gltf)");
    gltf->add_flag("--linear-only", s.job.gltf.linearOnly,
                   "only LINEAR/STEP samplers: densify Hermite and weighted data (for Blender)");
    gltf->add_option_function<std::string>(
            "--rig",
            [&s](const std::string& rig) { s.job.gltf.rig = rig == "hierarchy" ? ia::Rig::Hierarchy : ia::Rig::Flat; },
            "hands as flat joints (exact, default) or a hierarchy of bones (editable in Blender)")
        ->transform(CLI::IsMember({"flat", "hierarchy"}, CLI::ignore_case));
    gltf->add_option_function<std::string>(
            "--compress", [&s](const std::string& method) { s.job.gltf.compress = method == ia::kCompressionNames[1]; },
            "meshopt: every buffer view compressed losslessly (EXT_meshopt_compression; three.js reads it with its "
            "MeshoptDecoder, Blender 3.4 cannot); none (default)")
        ->transform(CLI::IsMember(std::vector<std::string>(ia::kCompressionNames.begin(), ia::kCompressionNames.end()),
                                  CLI::ignore_case));
    gltf->add_flag("--no-mesh", s.noMesh, "leave out the hand, pinch and gaze meshes");
    gltf->add_flag("--no-extras", s.noExtras,
                   "leave out extras.inputanim, the way back to the binary file: a plain glTF that plays the same");
    gltf->add_flag(
        "--no-animation", s.noAnimation,
        "the rig at rest only: nodes, camera, meshes and skins, without the animation (nor extras.inputanim)");
    gltf->add_flag("--embed", s.job.embed, ".gltf only: embed the buffer as a data URI instead of a .bin beside it");
    auto* iwer = convert.add_option_group("IWER capture output (OUT ending in .json)");
    iwer->add_option_function<double>(
            "--rate", [&s](double rate) { s.job.iwer.rate = rate; },
            "frames per second (default: the recording's own key times)")
        ->check(finiteWithin(ia::kIwerRateLeast, ia::kIwerRateMost));
    gltf->add_option("--fov", s.job.gltf.verticalFieldOfView,
                     withDefault("camera vertical field of view in degrees", s.job.gltf.verticalFieldOfView))
        ->check(finiteWithin(ia::kFieldOfViewLeast, ia::kFieldOfViewMost));
}

}  // namespace

Verb addConvert(CLI::App& app, const Globals& globals) {
    struct Options {
        ConvertSettings settings;
        BatchSettings batch;
        std::vector<std::string> paths;
        std::string output;
        std::string input;  // named when memory runs out
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
    addReadingOptions(*convert, s.job.reading);
    addBinaryOptions(*convert, s.job.binary);
    convert
        ->add_option("--pos-tolerance", s.job.tolerances.position,
                     withDefault("how far fitted keys or samplers may play from the source: metres",
                                 ia::kDefaultPositionTolerance))
        ->check(kPositive);
    convert
        ->add_option("--rot-tolerance", s.job.tolerances.rotation,
                     withDefault("and degrees", ia::kDefaultRotationTolerance))
        ->check(kPositive);
    convert->add_flag("-f,--force", s.force, "overwrite outputs that exist (never an input)");
    convert->add_flag(
        "--json", s.json,
        "print a report (what was written, deviations, notes and warnings, the recording) as JSON on standard output");
    convert
        ->add_option("--base", s.job.base,
                     "glTF input: the recording it was edited from; what the edit left within 1 mm, 0.5 degrees and "
                     "1/24 s keeps the base's keys")
        ->check(CLI::ExistingFile);
    convert
        ->add_option("--markers", s.job.markersFile,
                     "a JSON file of markers [{\"time\": s, \"name\": ...}] replacing the input's")
        ->check(CLI::ExistingFile);
    addGltfOptions(*convert, s);
    auto* batch = convert->add_option_group("batch (many inputs)");
    batch->add_option("--out-dir", options->batch.outDir, "convert every PATH (folders recursively) into this folder");
    batch->add_option("--to", s.to, "output kind: glb, gltf, bin or iwer (default: binary -> glb, glTF -> bin)")
        ->check(CLI::IsMember(std::vector<std::string>(ia::kOutputKindNames.begin(), ia::kOutputKindNames.end())));
    batch->add_option("-j,--jobs", options->batch.jobs, withDefault("worker threads", options->batch.jobs))
        ->check(CLI::Range(1u, 256u));
    convert->footer(
        "The output's format follows its extension: .bin, .glb, .gltf or .json (others are refused).\n"
        "The input's kind follows its content (MRTK magic, GLB or JSON), not its name.\n"
        "Examples:\n  inputanim convert rec.bin rec.glb\n  inputanim convert rec.bin -o rec.gltf --embed "
        "--linear-only\n"
        "  inputanim convert old.bin new.bin --format-version 1.1 --layout compact\n"
        "  inputanim convert rec.bin rec.glb --compress meshopt\n"
        "  inputanim convert rec.bin rec.json        (an IWER capture: docs/testing-webxr.md)\n"
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
                ia::Job job = jobOf(o.settings);
                job.input = o.input = o.paths[0];
                job.output = o.paths[1];
                reserveHeapFor(job.input);
                ia::JobReport report;
                return runConverting(job, o.settings.json, std::cerr, globals.quiet, report);
            },
            &options->input};
}

}  // namespace cli
