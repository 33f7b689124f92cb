// The library's front door for writing: the output format follows the output's extension (.bin, .glb, .gltf),
// files are staged and committed as file_io.hpp describes, and no output ever replaces a file an input needs.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "inputanim/core/error.hpp"
#include "inputanim/core/recording.hpp"
#include "inputanim/gltf/export.hpp"
#include "inputanim/io/file_io.hpp"

namespace inputanim {

enum class OutputKind { MrtkBinary, Glb, GltfSeparate, GltfEmbedded };

// By extension: .bin (any case) is MRTK binary, .glb GLB, .gltf glTF JSON (embedded with `embed`). Nullopt for
// anything else: no output is written under a name that says another format.
std::optional<OutputKind> outputKindFor(const std::string& path, bool embed = false);
inline bool isGltfOutput(OutputKind kind) { return kind != OutputKind::MrtkBinary; }
std::string_view outputExtensions();  // ".bin, .glb or .gltf", for messages

// The files an output writes: the path itself, and for a separate .gltf its buffer (same name, .bin) first.
std::vector<std::string> outputFiles(const std::string& path, OutputKind kind);

struct SaveOptions {
    Overwrite overwrite = Overwrite::Never;
    ExportOptions gltf;                 // glTF outputs
    std::vector<std::string> inputs;    // files the conversion reads: never replaced, whatever `overwrite` says
};

struct SaveReport {
    std::vector<std::string> files;  // written (staged), in commit order
    std::size_t bytes = 0;           // binary output's size
    ExportReport gltf;               // glTF output
};

// Encodes the recording for `path` and stages its files: written in full beside their targets, but nothing is in
// place until they are committed (commitInOrder; a batch does so on another thread).
Result<std::vector<StagedFile>> stageRecording(const Recording& recording, const std::string& path, OutputKind kind,
                                               const SaveOptions& options = {}, SaveReport* report = nullptr);
// Stages and commits.
Status saveRecording(const Recording& recording, const std::string& path, OutputKind kind, const SaveOptions& options = {},
                     SaveReport* report = nullptr);

}  // namespace inputanim
