// Writing any output: its format from its extension, its files staged, the inputs never replaced.
#include "inputanim/save.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "inputanim/mrtk/binary_format.hpp"

namespace inputanim {

std::optional<OutputKind> outputKindFor(const std::string& path, bool embed) {
    const std::string extension = lowercaseExtension(path);
    if (extension == ".bin") return OutputKind::MrtkBinary;
    if (extension == ".glb") return OutputKind::Glb;
    if (extension == ".gltf") return embed ? OutputKind::GltfEmbedded : OutputKind::GltfSeparate;
    return std::nullopt;
}

std::string_view outputExtensions() { return ".bin, .glb or .gltf"; }

std::vector<std::string> outputFiles(const std::string& path, OutputKind kind) {
    if (kind != OutputKind::GltfSeparate) return {path};
    return {std::filesystem::path(path).replace_extension(".bin").string(), path};
}

Result<Encoding> binaryEncodingFor(Encoding source, const BinaryOptions& options) {
    const int minor = options.minor.value_or(source.minor);
    if (minor != 0 && minor != 1)
        return Error{{}, {}, "format version 1." + std::to_string(minor) + " does not exist (1.0 or 1.1)", ErrorKind::Usage};
    if (minor == 0) {
        if (options.layout == Layout::Compact)
            return Error{{}, {}, "the compact layout needs format version 1.1 (1.0 has only full keys)", ErrorKind::Usage};
        return kEncoding10;
    }
    return Encoding{1, options.layout.value_or(Layout::Compact)};
}

namespace {

bool hasFloatKeys(const Recording& recording) {
    return std::any_of(curveGroups().begin(), curveGroups().end(), [&](const CurveGroup& group) {
        for (int c = 0; c < group.count; ++c)
            if (!recording.curves[group.first + std::size_t(c)].keys.empty()) return true;
        return false;
    });
}

void say(BinaryReport& report, Severity severity, const char* code, std::string message) {
    report.messages.push_back(Finding::ofFile(severity, code, "", std::move(message)));
}

}  // namespace

Result<std::optional<Recording>> prepareBinary(const Recording& recording, const BinaryOptions& options, BinaryReport* report) {
    BinaryReport local;
    BinaryReport& r = report ? *report : local;
    auto target = binaryEncodingFor(recording.encoding, options);
    if (!target) return target.error();
    r.encoding = *target;
    if (*target == kEncoding11Full && hasFloatKeys(recording))  // without them both layouts are the same bytes
        say(r, Severity::Warning, "full-layout", "the 1.1 full layout (the published specification's) is loaded by no MRTK version");
    else if (recording.encoding == kEncoding11Full && !options.layout)
        say(r, Severity::Note, "full-layout-replaced", "the input's 1.1 full layout is loaded by no MRTK version: written as 1.1 compact");
    if (*target == recording.encoding) return std::optional<Recording>();
    auto converted = convertFitting(recording, *target, {options.positionTolerance, options.rotationTolerance}, &r.fit);
    if (!converted) return converted.error();
    if (!r.fit.fitted.empty()) {
        say(r, Severity::Note, "keys-fitted", fitSummary(r.fit));
        if (!recording.hasEyeGaze)
            say(r, Severity::Note, "keys-kept-by-1.0", "format version 1.0 keeps these keys exactly (MRTK reads 1.0 with full keys)");
        if (r.fit.maxPositionError > options.positionTolerance || r.fit.maxRotationError > options.rotationTolerance) {
            char text[160];
            std::snprintf(text, sizeof text, "the fitted keys play back beyond the tolerances: %.3g m and %.3g degrees from the source",
                          r.fit.maxPositionError, r.fit.maxRotationError);
            say(r, Severity::Warning, "beyond-tolerance", text);
        }
    }
    return std::optional<Recording>(std::move(*converted));
}

namespace {

// An output file that is one of the inputs (the same file, by any name): refused whatever --force says.
Status protectInputs(const std::vector<std::string>& outputs, const std::vector<std::string>& inputs) {
    for (const auto& output : outputs)
        for (const auto& input : inputs) {
            std::error_code error;
            if (std::filesystem::equivalent(output, input, error))
                return Error{output,
                             {},
                             "is an input of this conversion (" + input + "); it is never overwritten",
                             ErrorKind::OutputFailed,
                             Reason::OutputIsInput};
        }
    return Success{};
}

}  // namespace

namespace {

// A glTF output's files, staged in `files` in commit order: a separate .gltf's buffer before it, so that the .gltf
// never appears without it.
Status stageGltf(const Recording& recording, const std::string& path, OutputKind kind, const SaveOptions& options, SaveReport& r,
                 std::vector<StagedFile>& files) {
    auto stage = [&](const std::string& file, std::span<const std::span<const std::uint8_t>> pieces) -> Status {
        auto staged = stageFile(file, pieces, options.overwrite);
        if (!staged) return staged.error();
        files.push_back(std::move(*staged));
        r.files.push_back(file);
        return Success{};
    };
    if (kind == OutputKind::Glb) {
        auto glb = exportGlbBytes(recording, options.gltf, &r.gltf);
        if (!glb) return glb.error();
        const std::span<const std::uint8_t> pieces[] = {glb->head, glb->bin, glb->tail};
        return stage(path, pieces);
    }
    const auto names = outputFiles(path, kind);
    std::optional<std::string> bufferFile;
    if (kind == OutputKind::GltfSeparate) bufferFile = std::filesystem::path(names.front()).filename().string();
    auto gltf = exportGltfText(recording, options.gltf, bufferFile, &r.gltf);
    if (!gltf) return gltf.error();
    if (!gltf->buffer.empty()) {
        const std::span<const std::uint8_t> buffer[] = {gltf->buffer};
        if (auto s = stage(names.front(), buffer); !s) {
            Error error = s.error();
            if (error.reason == Reason::OutputExists) error.message = "exists (the .gltf's buffer)";
            return error;
        }
    }
    const std::span<const std::uint8_t> text[] = {{reinterpret_cast<const std::uint8_t*>(gltf->json.data()), gltf->json.size()}};
    return stage(path, text);
}

// A binary output, encoded straight into its staged file.
Status stageBinary(const Recording& recording, const std::string& path, const SaveOptions& options, SaveReport& r, std::vector<StagedFile>& files) {
    auto prepared = prepareBinary(recording, options.binary, &r.binary);
    if (!prepared) return prepared.error();
    const Recording& written = *prepared ? **prepared : recording;
    if (auto s = checkWritable(written); !s) return s.error();  // before a temporary is made for it
    r.bytes = 0;
    auto staged = stageFile(
        path,
        [&](const ByteSink& write) {
            return encodeRecording(written, [&](std::span<const std::uint8_t> piece) {
                r.bytes += piece.size();
                return write(piece);
            });
        },
        options.overwrite);
    if (!staged) return staged.error();
    r.files.push_back(path);
    files.push_back(std::move(*staged));
    return Success{};
}

}  // namespace

Result<std::vector<StagedFile>> stageRecording(const Recording& recording, const std::string& path, OutputKind kind, const SaveOptions& options,
                                               SaveReport* report) {
    SaveReport local;
    SaveReport& r = report ? *report : local;
    if (auto s = protectInputs(outputFiles(path, kind), options.inputs); !s) return s.error();
    r.files.clear();
    std::vector<StagedFile> files;
    const Status staged = isGltfOutput(kind) ? stageGltf(recording, path, kind, options, r, files) : stageBinary(recording, path, options, r, files);
    if (!staged) return staged.error();
    return files;
}

Status saveRecording(const Recording& recording, const std::string& path, OutputKind kind, const SaveOptions& options, SaveReport* report) {
    auto staged = stageRecording(recording, path, kind, options, report);
    if (!staged) return staged.error();
    return commitInOrder(*staged);
}

Status saveFile(const Recording& recording, const std::string& path, const SaveOptions& options, SaveReport* report) {
    const auto kind = outputKindFor(path);
    if (!kind) return Error{path, {}, "the output's format follows its extension (" + std::string(outputExtensions()) + ")", ErrorKind::Usage};
    return saveRecording(recording, path, *kind, options, report);
}

}  // namespace inputanim
