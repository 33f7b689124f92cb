// The convert job: any recording to glTF or to a binary encoding (internal to the tool).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "common.hpp"
#include "inputanim/gltf_export.hpp"

namespace cli {

struct OutputOptions {
    std::string path;
    std::string formatVersion;  // "", "1.0", "1.1"
    std::string layout;         // "", "compact", "full"
    bool force = false;
    bool embed = false;
    bool noMesh = false;
    ia::ExportOptions gltf;
    // When set, finished files are left staged here for the caller to commit (a batch does so on its own
    // thread); otherwise they are committed at once.
    std::vector<ia::StagedFile>* deferredCommits = nullptr;
};

bool isGltfPath(const std::string& path);  // by extension: .glb or .gltf
void addGltfOptions(CLI::App& verb, OutputOptions& output);
void addEncodingOptions(CLI::App& verb, OutputOptions& output);

// Converts input.path to output.path. Errors go to `log` always; notes and the summary unless `quiet`.
int convertFile(Input input, const OutputOptions& output, std::ostream& log, bool quiet);

// Writes a recording in its own encoding to output.path (for `generate`).
int writeRecordingFile(const OutputOptions& output, const ia::Recording& recording, std::ostream& log, bool quiet);

// The encoding asked for, given the input's; nullopt with a message on contradictory options.
std::optional<ia::Encoding> targetEncoding(const OutputOptions& output, ia::Encoding input, std::string& problem);

}  // namespace cli
