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
    if (extension == ".json") return OutputKind::IwerCapture;
    return std::nullopt;
}

std::string_view outputExtensions() { return ".bin, .glb, .gltf or .json"; }

std::optional<OutputKind> outputKindNamed(std::string_view name) {
    constexpr OutputKind kinds[] = {OutputKind::Glb, OutputKind::GltfEmbedded, OutputKind::MrtkBinary,
                                    OutputKind::IwerCapture};  // in kOutputKindNames' order
    const auto* named = std::find(kOutputKindNames.begin(), kOutputKindNames.end(), name);
    if (named == kOutputKindNames.end()) return std::nullopt;
    return kinds[named - kOutputKindNames.begin()];
}

std::string_view outputExtension(OutputKind kind) {
    switch (kind) {
        case OutputKind::MrtkBinary: return ".bin";
        case OutputKind::Glb: return ".glb";
        case OutputKind::GltfSeparate:
        case OutputKind::GltfEmbedded: return ".gltf";
        case OutputKind::IwerCapture: return ".json";
    }
    return ".bin";
}

std::vector<std::string> outputFiles(const std::string& path, OutputKind kind) {
    if (kind != OutputKind::GltfSeparate) return {path};
    return {utf8Path(nativePath(path).replace_extension(".bin")), path};
}

Result<Encoding> binaryEncodingFor(Encoding source, const BinaryOptions& options) {
    const int minor = options.minor.value_or(source.minor);
    if (minor != 0 && minor != 1)
        return Error{
            {}, {}, "format version 1." + std::to_string(minor) + " does not exist (1.0 or 1.1)", ErrorKind::Usage};
    if (minor == 0) {
        if (options.layout == Layout::Compact)
            return Error{
                {}, {}, "the compact layout needs format version 1.1 (1.0 has only full keys)", ErrorKind::Usage};
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

Result<std::optional<Recording>> prepareBinary(const Recording& recording, const BinaryOptions& options,
                                               BinaryReport* report) {
    Reported<BinaryReport> r(report);
    auto target = binaryEncodingFor(recording.encoding, options);
    if (!target) return target.error();
    r->encoding = *target;
    if (*target == kEncoding11Full && hasFloatKeys(recording))  // without them both layouts are the same bytes
        say(*r, Severity::Warning, "full-layout",
            "the 1.1 full layout (the published specification's) is loaded by no MRTK version");
    else if (recording.encoding == kEncoding11Full && !options.layout)
        say(*r, Severity::Note, "full-layout-replaced",
            "the input's 1.1 full layout is loaded by no MRTK version: written as 1.1 compact");
    // Written as it is, unless keys it holds are not the compact layout's (a merge of 1.0 keys with gaze): fitted.
    if (*target == recording.encoding && !(target->layout == Layout::Compact && needsLinearFit(recording)))
        return std::optional<Recording>();
    auto converted = convertFitting(recording, *target, {options.tolerances}, &r->fit);
    if (!converted) return converted.error();
    if (!r->fit.fitted.empty()) {
        say(*r, Severity::Note, "keys-fitted", fitSummary(r->fit));
        if (!recording.hasEyeGaze)
            say(*r, Severity::Note, "keys-kept-by-1.0",
                "format version 1.0 keeps these keys exactly (MRTK reads 1.0 with full keys)");
        if (r->fit.maxPositionError > options.tolerances.position ||
            r->fit.maxRotationError > options.tolerances.rotation) {
            char text[160];
            std::snprintf(text, sizeof text,
                          "the fitted keys play back beyond the tolerances: %.3g m and %.3g degrees from the source",
                          r->fit.maxPositionError, r->fit.maxRotationError);
            say(*r, Severity::Warning, "beyond-tolerance", text);
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
            if (std::filesystem::equivalent(nativePath(output), nativePath(input), error))
                return Error{output,
                             {},
                             "is an input of this conversion (" + input + "); it is never overwritten",
                             ErrorKind::OutputFailed,
                             Reason::OutputIsInput};
        }
    return Success{};
}

}  // namespace

std::string deviationLine(double position, double rotation, double positionTolerance, double rotationTolerance) {
    char line[240];
    std::snprintf(line, sizeof line,
                  "largest deviation from the source: %.3g m (tolerance %.3g m), %.3g degrees (tolerance %.3g degrees)",
                  position, positionTolerance, rotation, rotationTolerance);
    return line;
}

namespace {

std::span<const std::uint8_t> bytesOf(const std::string& text) {
    return {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()};
}

// An output that is one file, handed to `write` in order: binary (its version and layout as prepareBinary decides),
// GLB, or a .gltf with its buffer embedded.
Status encodeOutput(const Recording& recording, OutputKind kind, const SaveOptions& options, const ByteSink& write,
                    SaveReport& r) {
    if (kind == OutputKind::MrtkBinary) {
        auto prepared = prepareBinary(recording, options.binary, &r.binary);
        if (!prepared) return prepared.error();
        const Recording& written = *prepared ? **prepared : recording;
        if (auto s = checkWritable(written); !s) return s.error();  // before any byte is written
        r.bytes = 0;
        return encodeRecording(written, [&](std::span<const std::uint8_t> piece) {
            r.bytes += piece.size();
            return write(piece);
        });
    }
    if (kind == OutputKind::Glb) {
        auto glb = exportGlbBytes(recording, options.gltf, &r.gltf);
        if (!glb) return glb.error();
        for (std::span<const std::uint8_t> piece :
             {std::span<const std::uint8_t>(glb->head), std::span<const std::uint8_t>(glb->bin),
              std::span<const std::uint8_t>(glb->tail)})
            if (auto s = write(piece); !s) return s;
        return Success{};
    }
    if (kind == OutputKind::GltfEmbedded) {
        auto gltf = exportGltfText(recording, options.gltf, std::nullopt, &r.gltf);
        if (!gltf) return gltf.error();
        return write(bytesOf(gltf->json));
    }
    if (kind == OutputKind::IwerCapture) {
        r.bytes = 0;
        return writeIwerCapture(
            recording, options.iwer,
            [&](std::span<const std::uint8_t> piece) {
                r.bytes += piece.size();
                return write(piece);
            },
            &r.iwer);
    }
    return Error::usage("a .gltf with its buffer beside it is two files, not one stream");
}

// A GLB staged, its provenance's digests taken while the rest is written and then written in their places.
Result<StagedFile> stageGlb(const Recording& recording, const std::string& path, const SaveOptions& options,
                            SaveReport& r) {
    auto glb = exportGlbBytes(recording, options.gltf, &r.gltf, Digests::Later);
    if (!glb) return glb.error();
    const std::span<const std::uint8_t> pieces[] = {glb->head, glb->bin, glb->tail};
    auto staged = stageFile(path, pieces, options.overwrite);
    if (!staged || !glb->latePacket.valid()) return staged;
    if (auto s = staged->rewrite(glb->packetAt, bytesOf(glb->latePacket.get())); !s) return s.error();
    return staged;
}

// A separate .gltf, its buffer staged first so that the .gltf never appears without it.
Status stageSeparateGltf(const Recording& recording, const std::string& path, const SaveOptions& options, SaveReport& r,
                         std::vector<StagedFile>& files) {
    const auto names = outputFiles(path, OutputKind::GltfSeparate);
    auto gltf = exportGltfText(recording, options.gltf, utf8Path(nativePath(names.front()).filename()), &r.gltf);
    if (!gltf) return gltf.error();
    if (!gltf->buffer.empty()) {
        const std::span<const std::uint8_t> buffer[] = {gltf->buffer};
        auto staged = stageFile(names.front(), buffer, options.overwrite);
        if (!staged) {
            Error error = staged.error();
            if (error.reason == Reason::OutputExists) error.message = "exists (the .gltf's buffer)";
            return error;
        }
        files.push_back(std::move(*staged));
        r.files.push_back(names.front());
    }
    const std::span<const std::uint8_t> text[] = {bytesOf(gltf->json)};
    auto staged = stageFile(path, text, options.overwrite);
    if (!staged) return staged.error();
    files.push_back(std::move(*staged));
    r.files.push_back(path);
    return Success{};
}

// How far the output plays from the source (its own deviation and the source's), against the tolerances; beyond them,
// a warning (a binary output's fitted keys come with their own).
void judgeDeviation(OutputKind kind, const SaveOptions& options, SaveReport& r) {
    r.messages = r.binary.messages;
    const bool binary = kind == OutputKind::MrtkBinary, iwer = kind == OutputKind::IwerCapture;
    const auto [positionTolerance, rotationTolerance] = binary ? options.binary.tolerances : options.gltf.tolerances;
    const double ownPosition = binary ? r.binary.fit.maxPositionError
                               : iwer ? r.iwer.maxPositionError
                                      : r.gltf.maxPositionError;
    const double ownRotation = binary ? r.binary.fit.maxRotationError
                               : iwer ? r.iwer.maxRotationError
                                      : r.gltf.maxRotationError;
    r.maxPositionError = ownPosition + options.sourcePositionError;
    r.maxRotationError = ownRotation + options.sourceRotationError;
    r.beyondTolerance = r.maxPositionError > positionTolerance || r.maxRotationError > rotationTolerance;
    // Warned already: by the fit of a binary output, or by the import of a source beyond the tolerances on its own.
    const bool warned = (binary && (ownPosition > positionTolerance || ownRotation > rotationTolerance)) ||
                        options.sourcePositionError > positionTolerance ||
                        options.sourceRotationError > rotationTolerance;
    if (r.beyondTolerance && !warned)
        r.messages.push_back(Finding::ofFile(
            Severity::Warning, "beyond-tolerance", "",
            std::string(binary ? "the recording"
                        : iwer ? "the capture"
                               : "the glTF") +
                " plays back beyond its tolerances; " +
                deviationLine(r.maxPositionError, r.maxRotationError, positionTolerance, rotationTolerance)));
}

}  // namespace

Status writeRecording(const Recording& recording, OutputKind kind, const SaveOptions& options, const ByteSink& write,
                      SaveReport* report) {
    Reported<SaveReport> r(report);
    if (auto s = playable(recording); !s) return s;
    if (auto s = encodeOutput(recording, kind, options, write, *r); !s) return s;
    judgeDeviation(kind, options, *r);
    return Success{};
}

Result<std::vector<StagedFile>> stageRecording(const Recording& recording, const std::string& path, OutputKind kind,
                                               const SaveOptions& options, SaveReport* report) {
    Reported<SaveReport> r(report);
    if (auto s = playable(recording); !s) return s.error();
    if (auto s = protectInputs(outputFiles(path, kind), options.inputs); !s) return s.error();
    r->files.clear();
    std::vector<StagedFile> files;
    if (kind == OutputKind::GltfSeparate) {
        if (auto s = stageSeparateGltf(recording, path, options, *r, files); !s) return s.error();
    } else if (kind == OutputKind::Glb) {
        auto staged = stageGlb(recording, path, options, *r);
        if (!staged) return staged.error();
        files.push_back(std::move(*staged));
        r->files.push_back(path);
    } else {
        auto staged = stageFile(
            path, [&](const ByteSink& write) { return encodeOutput(recording, kind, options, write, *r); },
            options.overwrite);
        if (!staged) return staged.error();
        files.push_back(std::move(*staged));
        r->files.push_back(path);
    }
    judgeDeviation(kind, options, *r);
    return files;
}

Status saveRecording(const Recording& recording, const std::string& path, OutputKind kind, const SaveOptions& options,
                     SaveReport* report) {
    auto staged = stageRecording(recording, path, kind, options, report);
    if (!staged) return staged.error();
    return commitInOrder(*staged);
}

Status saveFile(const Recording& recording, const std::string& path, const SaveOptions& options, SaveReport* report) {
    const auto kind = outputKindFor(path);
    if (!kind)
        return Error{path,
                     {},
                     "the output's format follows its extension (" + std::string(outputExtensions()) + ")",
                     ErrorKind::Usage};
    return saveRecording(recording, path, *kind, options, report);
}

}  // namespace inputanim
