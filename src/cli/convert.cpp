#include "convert.hpp"

#include <cstdio>
#include <filesystem>
#include <ostream>

#include "inputanim/binary_format.hpp"
#include "inputanim/file_io.hpp"

namespace cli {

bool isGltfPath(const std::string& path) {
    const std::string extension = ia::lowercaseExtension(path);
    return extension == ".glb" || extension == ".gltf";
}

void addGltfOptions(CLI::App& verb, OutputOptions& output) {
    auto* group = verb.add_option_group("glTF output (OUT ending in .glb or .gltf)");
    group->add_flag("--linear-only", output.gltf.linearOnly,
                    "only LINEAR/STEP samplers: densify Hermite and weighted data (for Blender)");
    group->add_option("--pos-tolerance", output.gltf.positionTolerance, "position tolerance in metres (default 0.0001)")
        ->check(CLI::PositiveNumber);
    group->add_option("--rot-tolerance", output.gltf.rotationTolerance, "rotation tolerance in degrees (default 0.01)")
        ->check(CLI::PositiveNumber);
    group->add_flag("--no-mesh", output.noMesh, "leave out the hand, pinch and gaze meshes");
    group->add_flag("--embed", output.embed, ".gltf only: embed the buffer as a data URI instead of a .bin beside it");
    group->add_option("--fov", output.gltf.verticalFieldOfView, "camera vertical field of view in degrees (default 60)")
        ->check(CLI::Range(1.0, 179.0));
}

namespace {

std::string megabytes(std::size_t bytes) { return fixed(double(bytes) / 1e6, 2) + " MB"; }

ia::Status commitOrDefer(const OutputOptions& output, std::vector<ia::StagedFile> files) {
    if (!output.deferredCommits) return ia::commitInOrder(files);
    for (auto& file : files) output.deferredCommits->push_back(std::move(file));
    return ia::Success{};
}

int exportGltf(const std::string& inputPath, const OutputOptions& output, const ia::Recording& recording, std::ostream& log,
               bool quiet) {
    if (!output.force && std::filesystem::exists(output.path))
        return fail(log, kExitOutputFailure, output.path + ": exists (use --force to overwrite)");
    const auto container = ia::containerForPath(output.path, output.embed);
    if (container == ia::GltfContainer::GltfSeparate) {
        // rec.bin -> rec.gltf would put the buffer in rec.bin: never over the input, and like any output
        // not over an existing file without --force.
        const std::filesystem::path buffer = std::filesystem::path(output.path).replace_extension(".bin");
        std::error_code error;
        if (std::filesystem::equivalent(buffer, inputPath, error))
            return fail(log, kExitOutputFailure, buffer.string() + ": the .gltf's buffer would overwrite the input; "
                                                                   "choose another output name or --embed");
        if (!output.force && std::filesystem::exists(buffer))
            return fail(log, kExitOutputFailure, buffer.string() + ": exists (the .gltf's buffer; use --force to overwrite)");
    }
    ia::ExportOptions options = output.gltf;
    options.meshes = !output.noMesh;
    ia::ExportReport report;
    auto staged = ia::stageGltf(recording, output.path, container, options, &report);
    if (!staged) return fail(log, report.built ? kExitOutputFailure : kExitUnsupported, staged.error().describe());
    if (auto committed = commitOrDefer(output, std::move(*staged)); !committed)
        return fail(log, kExitOutputFailure, committed.error().describe());
    if (quiet) return kExitSuccess;
    std::string files;
    for (const auto& file : report.writtenFiles) files += (files.empty() ? "" : ", ") + file;
    log << "wrote " << files << ": " << report.channels << " channels (" << report.linearSamplers << " LINEAR, "
              << report.cubicSamplers << " CUBICSPLINE, " << report.stepSamplers << " STEP), " << report.knots
              << " keyframes, JSON " << megabytes(report.jsonBytes) << ", buffer " << megabytes(report.bufferBytes) << "\n";
    char deviation[160];
    std::snprintf(deviation, sizeof deviation,
                  "largest deviation from the source: %.3g mm, %.3g degrees (tolerances %.3g mm, %.3g degrees)\n",
                  report.maxPositionError * 1000, report.maxRotationError, options.positionTolerance * 1000,
                  options.rotationTolerance);
    log << deviation;
    return kExitSuccess;
}

}  // namespace

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

int writeRecordingFile(const OutputOptions& output, const ia::Recording& recording, std::ostream& log, bool quiet) {
    if (!output.force && std::filesystem::exists(output.path))
        return fail(log, kExitOutputFailure, output.path + ": exists (use --force to overwrite)");
    auto encoded = ia::encodeRecording(recording);
    if (!encoded) return fail(log, kExitUnsupported, encoded.error().describe());
    auto staged = ia::stageFile(output.path, encoded->pieces);
    if (!staged) return fail(log, kExitOutputFailure, staged.error().describe());
    std::vector<ia::StagedFile> files;
    files.push_back(std::move(*staged));
    if (auto committed = commitOrDefer(output, std::move(files)); !committed)
        return fail(log, kExitOutputFailure, committed.error().describe());
    if (!quiet) log << "wrote " << output.path << ": " << ia::describe(recording.encoding) << ", " << encoded->size()
              << " bytes\n";
    return kExitSuccess;
}

int convertFile(Input input, const OutputOptions& output, std::ostream& log, bool quiet) {
    input.import.positionTolerance = output.gltf.positionTolerance;
    input.import.rotationTolerance = output.gltf.rotationTolerance;
    ia::ImportReport imported;
    auto recording = loadRecording(input, &imported);
    if (!recording) return fail(log, kExitInvalidInput, recording.error().describe());
    if (!quiet)
        for (const auto& note : imported.notes) log << "note: " << note << "\n";
    if (isGltfPath(output.path)) {
        if (!output.formatVersion.empty() || !output.layout.empty())
            return fail(log, kExitUsage, "--format-version and --layout apply to binary output, not to " + output.path);
        return exportGltf(input.path, output, *recording, log, quiet);
    }
    std::string problem;
    auto target = targetEncoding(output, recording->encoding, problem);
    if (!target) return fail(log, kExitUsage, problem);
    if (*target == recording->encoding) return writeRecordingFile(output, *recording, log, quiet);  // no copy
    auto converted = ia::convertEncoding(*recording, *target);
    // 1.0 -> 1.1 without an explicit layout: MRTK's compact layout when it holds the data, else full.
    if (!converted && output.layout.empty() && target->minor == 1 && recording->encoding.minor == 0) {
        converted = ia::convertEncoding(*recording, {1, ia::Layout::Full});
        if (converted && !quiet) log << "note: keys carry tangents or weights that 1.1 compact cannot hold; writing 1.1 full\n";
    }
    if (!converted) return fail(log, kExitUnsupported, input.path + ": " + converted.error().describe());
    return writeRecordingFile(output, *converted, log, quiet);
}

}  // namespace cli
