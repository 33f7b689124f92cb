// Writing any output: its format from its extension, its files staged, the inputs never replaced.
#include "inputanim/save.hpp"

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

namespace {

// An output file that is one of the inputs (the same file, by any name): refused whatever --force says.
Status protectInputs(const std::vector<std::string>& outputs, const std::vector<std::string>& inputs) {
    for (const auto& output : outputs)
        for (const auto& input : inputs) {
            std::error_code error;
            if (std::filesystem::equivalent(output, input, error))
                return Error{output, {}, "is an input of this conversion (" + input + "); it is never overwritten, even with --force",
                             ErrorKind::OutputFailed};
        }
    return Success{};
}

}  // namespace

Result<std::vector<StagedFile>> stageRecording(const Recording& recording, const std::string& path, OutputKind kind,
                                               const SaveOptions& options, SaveReport* report) {
    SaveReport local;
    SaveReport& r = report ? *report : local;
    if (auto s = protectInputs(outputFiles(path, kind), options.inputs); !s) return s.error();
    if (isGltfOutput(kind)) {
        const auto container = kind == OutputKind::Glb ? GltfContainer::Glb
                               : kind == OutputKind::GltfEmbedded ? GltfContainer::GltfEmbedded : GltfContainer::GltfSeparate;
        auto staged = stageGltf(recording, path, container, options.gltf, options.overwrite, &r.gltf);
        if (staged) r.files = r.gltf.writtenFiles;
        return staged;
    }
    if (auto s = checkWritable(recording); !s) return s.error();  // before a temporary is made for it
    r.bytes = 0;
    auto staged = stageFile(path, [&](const ByteSink& write) {
        return encodeRecording(recording, [&](std::span<const std::uint8_t> piece) {
            r.bytes += piece.size();
            return write(piece);
        });
    }, options.overwrite);
    if (!staged) return staged.error();
    r.files = {path};
    std::vector<StagedFile> files;
    files.push_back(std::move(*staged));
    return files;
}

Status saveRecording(const Recording& recording, const std::string& path, OutputKind kind, const SaveOptions& options, SaveReport* report) {
    auto staged = stageRecording(recording, path, kind, options, report);
    if (!staged) return staged.error();
    return commitInOrder(*staged);
}

}  // namespace inputanim
