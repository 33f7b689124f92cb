// The convert job, shared by a single conversion and a batch (internal to the tool).
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "common.hpp"

namespace cli {

struct ConvertSettings {
    InputOptions input;  // path set per job
    ia::BinaryOptions binary;  // --format-version, --layout, and the tolerances for fitted keys
    std::string to;  // "", "glb", "gltf", "bin": the output kind for standard output and batches
    bool force = false;
    bool embed = false;
    bool noMesh = false;
    std::string base;  // --base: the recording an edited glTF was made from
    std::string markers;  // --markers: a JSON file of markers replacing the input's
    ia::ExportOptions gltf;
    bool json = false;  // --json: a report on standard output (inputanim.convert/1) instead of lines on the log
};

// --format-version and --layout into `binary`.
void addBinaryOptions(CLI::App& verb, ia::BinaryOptions& binary);
// Refuses --format-version and --layout for a glTF output: the exit code, kExitSuccess when they may stand.
int refuseBinaryOptionsFor(ia::OutputKind kind, const ia::BinaryOptions& binary, const std::string& output,
                           std::ostream& log);
// A markers file: [{"time": seconds, "name": "..."}, ...] in time order.
ia::Result<std::vector<ia::Marker>> readMarkers(const std::string& path);
// The library's notes and warnings on an output, with the options that act on them; warnings even when `quiet`.
void printMessages(const std::vector<ia::Finding>& messages, const std::string& input, std::ostream& log, bool quiet);

// The output kind of `output` (by extension), or of --to for standard output; a refusal names the extensions.
ia::Result<ia::OutputKind> outputKind(const std::string& output, const ConvertSettings& settings,
                                      std::optional<ia::InputKind> input);

// Converts settings.input.path to `output`. Errors go to `log` always, notes and the summary unless `quiet`.
// With `deferred`, the finished files are left staged there for the caller to commit (a batch does so on its
// own thread); otherwise they are committed at once. `saved`: the save's report and what a glTF archive records of its
// source, when it got that far. Exit 6 when an export is beyond its tolerances.
struct Converted {
    ia::SaveReport report;
    std::optional<ia::Provenance> source;  // the source's size and SHA-256, when the output records them
};
int convertFile(const ConvertSettings& settings, const std::string& output, std::ostream& log, bool quiet,
                std::vector<ia::StagedFile>* deferred = nullptr, Converted* saved = nullptr);

struct BatchSettings {
    std::vector<std::string> inputs;  // files, or folders searched recursively for .bin, .glb, .gltf
    std::string outDir;
    unsigned jobs = 1;
};

// Converts every input into outDir, keeping folder structure; continues past failures; writes the manifest of what
// it converted (manifest.json and manifest.csv in outDir). Returns 0 when every file converted, else the highest exit
// code of a failure.
int runBatch(const BatchSettings& batch, const ConvertSettings& settings, const Globals& globals);

}  // namespace cli
