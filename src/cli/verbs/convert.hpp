// The convert job's flags and presentation, shared by a single conversion, a batch, the edit verbs and `run`
// (internal to the tool). The job itself is the library's (inputanim/job.hpp).
#pragma once

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "common.hpp"
#include "inputanim/job.hpp"

namespace cli {

struct ConvertSettings {
    ia::Job job;  // the input and output are set per conversion
    std::string to;  // --to: "", "glb", "gltf", "bin": the output kind for standard output and batches
    bool force = false;
    bool noMesh = false;
    bool noExtras = false;
    bool noAnimation = false;
    bool json = false;  // --json: the report (inputanim.run/1) on standard output instead of lines on the log
};

// --format-version and --layout into `binary`.
void addBinaryOptions(CLI::App& verb, ia::BinaryOptions& binary);
// The library's notes and warnings, with the options that act on them; warnings even when `quiet`.
void printMessages(const std::vector<ia::Finding>& messages, const std::string& input, std::ostream& log, bool quiet);
void printMessages(const std::vector<std::pair<std::string, ia::Finding>>& messages, std::ostream& log, bool quiet);

// The job as a conversion's flags complete it (--force, --no-mesh, --to).
ia::Job jobOf(const ConvertSettings& settings);

// What a verb says of a job it ran (the recording written is described in the report).
using Summary = std::function<void(const ia::Job&, const ia::JobReport&, std::ostream&)>;
// Runs the job and presents it: errors on `log` always; the messages and the summary (`summary`, else convert's)
// unless `quiet`, or with `json` the report on standard output. With `deferred`, the finished files are left staged
// there for the caller to commit. The exit status (6: written, beyond its tolerances).
int runConverting(const ia::Job& job, bool json, std::ostream& log, bool quiet, ia::JobReport& report,
                  std::vector<ia::StagedFile>* deferred = nullptr, const Summary& summary = {});

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
