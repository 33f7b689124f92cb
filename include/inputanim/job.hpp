// One conversion job, as every front end asks for it: read an input (put onto the recording it was edited from,
// given other recordings' parts, new markers and edits), write an output, and report what happened. The CLI's
// `convert` and edit verbs, each file of a batch, and `inputanim run JOB.json` (the Blender add-on's way in) are
// each one runJob; readJob reads the job as JSON (schema inputanim.job/1, docs/cli.md) and runReportJson writes
// the one report (schema inputanim.run/1).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "inputanim/core/tolerances.hpp"
#include "inputanim/edit/edit.hpp"
#include "inputanim/load.hpp"
#include "inputanim/report.hpp"
#include "inputanim/save.hpp"

namespace inputanim {

// A part taken from another recording (mergeRecordings), by file.
struct JobPart {
    MergePart part = MergePart::Camera;
    std::string path;
    double offset = 0;  // seconds its keys move
};

struct Job {
    std::string verb = "convert";  // what the report calls the job (the CLI's verb)
    std::string input;  // a file; "-" is standard input
    LoadOptions reading;  // for every file the job reads
    std::string base;  // glTF input: the recording it was edited from (unedited poses keep its keys)
    std::vector<JobPart> parts;  // merged into the input, which is the base of the merge
    std::optional<std::vector<Marker>> markers;  // replacing the input's, in time order
    std::string markersFile;  // read into `markers` when set: [{"time", "name"}, ...]
    std::vector<EditStep> edits;  // applied in turn, after the markers
    std::string output;  // a file, its kind by its extension; "-" is standard output
    std::optional<OutputKind> kind;  // standard output's (default: GLB from MRTK binary, MRTK binary from glTF)
    bool embed = false;  // a .gltf with its buffer inside
    Overwrite overwrite = Overwrite::Never;  // never an input, whatever it says
    BinaryOptions binary;  // format version and layout (its tolerances are the job's)
    ExportOptions gltf;  // rig, samplers, meshes, camera, compression (its tolerances and provenance are the job's)
    IwerOptions iwer;  // an IWER capture's frame rate
    Tolerances tolerances;  // fitted binary keys, glTF samplers, a foreign glTF's import
};

struct JobReport {
    OutputKind kind = OutputKind::Glb;  // as written
    LoadReport loaded;  // the input's
    EditReport edit;  // parts merged and edits made, summed
    SaveReport saved;
    std::optional<Provenance> source;  // what a glTF output records of its source (the input's own recording only)
    std::vector<std::pair<std::string, Finding>> messages;  // notes and warnings, each with the file it is about
    std::optional<ReportJson> recording;  // the recording written, as inputanim.info/1 (JobContext::describe)
};

struct JobContext {
    // Files finished but left staged here, for the caller to commit (a batch, on its own thread); else committed.
    std::vector<StagedFile>* deferred = nullptr;
    bool describe = false;  // fill JobReport::recording
    ByteSink standardOutput;  // where an output of "-" goes (default: the process's standard output)
};

// Runs the job: what can be refused is refused before any work (an output of no format, one that exists, binary
// options for a glTF output), and nothing is written when any phase fails. The report keeps the messages said before
// a failure. A usage error for a job that contradicts itself.
Status runJob(const Job& job, JobReport& report, const JobContext& context = {});
// The same on a recording already read (`loaded`: how; a front end's open file, a take), which stands for the job's
// input: merged, marked, edited and written as runJob does; the input's name is the job's.
Status runJobOn(const Job& job, Recording recording, LoadReport loaded, JobReport& report,
                const JobContext& context = {});

// The job as JSON (schema inputanim.job/1, docs/cli.md): {"input", "output", "reading": readLoadOptions' object,
// "base", "parts": [{"part", "path", "offset"}], "markers": [{"time", "name"}], "markersFile", "edits":
// readEditRequest's list, "to", "embed", "overwrite", "formatVersion", "layout", "gltf": {"rig", "linearOnly",
// "compress", "meshes", "fieldOfView"}, "iwer": {"rate"}, "tolerances": {"position", "rotation"}, "verb"}. Refused
// (ErrorKind::Usage), naming the member by its JSON pointer: another name, a value the option does not take.
Result<Job> readJob(std::string_view json);
inline constexpr std::uint64_t kMaxJobBytes = std::uint64_t(16) << 20;  // the longest job text a front end reads

// Schema inputanim.run/1 (docs/cli.md): what was written, how far it plays from the source, what edits did, the
// messages, and the recording written (when described).
ReportJson runReportJson(const Job& job, const JobReport& report);

// A markers file: [{"time": seconds, "name": text}, ...] in time order (markerFromJson's form).
Result<std::vector<Marker>> readMarkersFile(const std::string& path);

}  // namespace inputanim
