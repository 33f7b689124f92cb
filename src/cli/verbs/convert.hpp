// The convert job, shared by a single conversion and a batch (internal to the tool).
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "common.hpp"

namespace cli {

struct ConvertSettings {
    InputOptions input;           // path set per job
    std::string formatVersion;    // "", "1.0", "1.1"
    std::string layout;           // "", "compact", "full"
    std::string to;               // "", "glb", "gltf", "bin": the output kind for standard output and batches
    bool force = false;
    bool embed = false;
    bool noMesh = false;
    std::string base;             // --base: the recording an edited glTF was made from
    std::string markers;          // --markers: a JSON file of markers replacing the input's
    ia::ExportOptions gltf;
};

// The encoding asked for, given the input's; a usage error on contradictory options.
ia::Result<ia::Encoding> targetEncoding(const ConvertSettings& settings, ia::Encoding input);

// The output kind of `output` (by extension), or of --to for standard output; a refusal names the extensions.
ia::Result<ia::OutputKind> outputKind(const std::string& output, const ConvertSettings& settings, std::optional<ia::InputKind> input);

// Converts settings.input.path to `output`. Errors go to `log` always, notes and the summary unless `quiet`.
// With `deferred`, the finished files are left staged there for the caller to commit (a batch does so on its
// own thread); otherwise they are committed at once. Exit 6 when an export is beyond its tolerances.
int convertFile(const ConvertSettings& settings, const std::string& output, std::ostream& log, bool quiet,
                std::vector<ia::StagedFile>* deferred = nullptr);

struct BatchSettings {
    std::vector<std::string> inputs;  // files, or folders searched recursively for .bin, .glb, .gltf
    std::string outDir;
    unsigned jobs = 1;
};

// Converts every input into outDir, keeping folder structure; continues past failures. Returns 0 when every
// file converted, else the highest exit code of a failure.
int runBatch(const BatchSettings& batch, const ConvertSettings& settings, const Globals& globals);

}  // namespace cli
