// runJob (job.hpp): the phases of one conversion job, in order: refuse early, read (onto a base), merge, mark, edit,
// write, describe.
#include "inputanim/job.hpp"

#include <algorithm>
#include <cstdlib>
#include <ctime>

#include "inputanim/analysis/check.hpp"
#include "inputanim/analysis/rebase.hpp"
#include "inputanim/analysis/summary.hpp"
#include "inputanim/io/process.hpp"

namespace inputanim {
namespace {

bool isStandardStream(const std::string& path) { return path == "-"; }

void tell(JobReport& report, const std::vector<Finding>& messages, const std::string& file) {
    for (const auto& m : messages) report.messages.emplace_back(file, m);
}

// The output's kind: by its extension, or for standard output the job's `kind` or the input's opposite.
Result<OutputKind> outputKindOf(const Job& job, std::optional<InputKind> input) {
    if (isStandardStream(job.output)) {
        if (job.kind) return *job.kind == OutputKind::GltfSeparate ? OutputKind::GltfEmbedded : *job.kind;
        return input == InputKind::MrtkBinary ? OutputKind::Glb : OutputKind::MrtkBinary;
    }
    if (auto kind = outputKindFor(job.output, job.embed)) return *kind;
    const std::string extension = lowercaseExtension(job.output);
    return Error{
        job.output,
        {},
        (extension.empty() ? std::string("has no extension") : "unknown output extension '" + extension + "'") +
            ": the output's format follows its extension (" + std::string(outputExtensions()) + "); nothing written",
        ErrorKind::Refused};
}

Status refuseBinaryOptions(const Job& job, OutputKind kind) {
    if (kind != OutputKind::MrtkBinary && (job.binary.minor || job.binary.layout))
        return Error::usage("a format version and layout apply to binary output, not to " + job.output,
                            Reason::BinaryOptionsNotBinary);
    return Success{};
}

// What can be refused before the work: an output of no format, one that exists, binary options for another kind.
Status refuseEarly(const Job& job) {
    if (isStandardStream(job.output)) return Success{};
    auto kind = outputKindOf(job, std::nullopt);
    if (!kind) return kind.error();
    if (auto refused = refuseBinaryOptions(job, *kind); !refused) return refused;
    for (const auto& file : outputFiles(job.output, *kind))
        if (auto s = checkTarget(file, job.overwrite); !s) {
            Error error = s.error();
            if (file != job.output && error.reason == Reason::OutputExists)
                error.message = "exists (the .gltf's buffer)";
            return error;
        }
    return Success{};
}

BinaryOptions binaryOptions(const Job& job) {
    BinaryOptions binary = job.binary;
    binary.tolerances = job.tolerances;
    return binary;
}

// The base, in the encoding the output will have, and the edit (the input) put onto it.
Result<Recording> ontoBase(const Job& job, LoadOptions load, JobReport& report) {
    auto base = loadFile(job.base, job.reading);
    if (!base) return base.error();
    BinaryReport prepared;
    auto inEncoding = prepareBinary(*base, binaryOptions(job), &prepared);
    if (!inEncoding) return inEncoding.error().from(job.base);
    if (*inEncoding) base = std::move(**inEncoding);
    tell(report, prepared.messages, job.base);
    load.gltf.encoding = base->encoding;  // the edit is read back in the base's encoding, then put onto it
    auto edit = loadFile(job.input, load, &report.loaded);
    if (!edit) return edit.error();
    RebaseReport rebased;
    auto merged = rebase(*base, *edit, {}, &rebased);
    if (!merged) return merged.error().from(job.input);
    std::string edited;
    for (const auto& name : rebased.edited) edited += (edited.empty() ? "" : ", ") + name;
    tell(report,
         {Finding::note("onto-base",
                        "onto " + job.base + ": " +
                            (edited.empty() ? "nothing edited; the base's keys kept" : "edited " + edited))},
         job.input);
    return merged;
}

// Whether the recording written is the input file's own, in a glTF archive (with the way back) that records its
// source (a binary input's, whose standard output is a GLB): else its hash is not taken.
bool recordsSource(const Job& job) {
    const auto kind = outputKindOf(job, InputKind::MrtkBinary);
    return job.base.empty() && job.parts.empty() && !job.markers && job.markersFile.empty() && job.edits.empty() &&
           !isStandardStream(job.input) && kind && isGltfOutput(*kind) && keepsWayBack(job.gltf);
}

Result<Recording> readInput(const Job& job, JobReport& report) {
    LoadOptions load = job.reading;
    load.recordSource = recordsSource(job);
    load.mapInput = true;
    load.gltf.tolerances = job.tolerances;
    auto recording = job.base.empty() ? loadFile(job.input, load, &report.loaded) : ontoBase(job, load, report);
    if (recording) tell(report, report.loaded.gltf.notes, job.input);
    return recording;
}

Result<Recording> mergeParts(const Job& job, Recording base, JobReport& report) {
    if (job.parts.empty()) return base;
    std::vector<Recording> loaded;
    loaded.reserve(job.parts.size());
    std::vector<MergeSource> sources;
    for (const auto& part : job.parts) {
        auto read = loadFile(part.path, job.reading);
        if (!read) return read.error().from(part.path);
        loaded.push_back(std::move(*read));
        sources.push_back({part.part, &loaded.back(), part.offset, part.path});
    }
    return mergeRecordings(base, sources, &report.edit);
}

Result<Recording> markAndEdit(const Job& job, Recording recording, JobReport& report) {
    if (job.markers || !job.markersFile.empty()) {
        if (job.markers) {
            recording.markers = *job.markers;
        } else {
            auto markers = readMarkersFile(job.markersFile);
            if (!markers) return markers.error();
            recording.markers = std::move(*markers);
        }
        tell(report, checkMarkers(recording), job.markersFile.empty() ? job.input : job.markersFile);
    }
    for (const auto& step : job.edits) {
        auto edited = applyEdit(recording, step, &report.edit);
        if (!edited) return edited.error().from(job.input);
        recording = std::move(*edited);
    }
    tell(report, report.edit.messages, job.input);
    return recording;
}

// What a glTF archive records of its source: dated only by SOURCE_DATE_EPOCH, so that the output stays the same
// bytes from run to run; its hash may still be being taken (LoadReport::sourceHash, which the export waits for).
std::optional<Provenance> provenanceFor(const LoadReport& loaded) {
    if (!loaded.source) return std::nullopt;
    Provenance provenance = *loaded.source;
    if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH")) {
        const std::time_t seconds = std::time_t(std::strtoll(epoch, nullptr, 10));
        char text[32];
        if (const std::tm* utc = std::gmtime(&seconds);
            utc && std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", utc))
            provenance.date = text;
    }
    return provenance;
}

SaveOptions saveOptions(const Job& job, JobReport& report) {
    SaveOptions save;
    save.overwrite = job.overwrite;
    save.binary = binaryOptions(job);
    save.gltf = job.gltf;
    save.iwer = job.iwer;
    save.gltf.tolerances = job.tolerances;
    save.gltf.provenance =
        isGltfOutput(report.kind) && recordsSource(job) ? provenanceFor(report.loaded) : std::nullopt;
    if (save.gltf.provenance) save.gltf.sourceSha256 = report.loaded.sourceHash;
    report.source = save.gltf.provenance;
    save.inputs = report.loaded.gltf.bufferFiles;  // every file the job reads, never replaced
    for (const std::string* read : {&job.input, &job.base, &job.markersFile, &job.reading.mapFile})
        if (!read->empty()) save.inputs.push_back(*read);
    for (const auto& part : job.parts) save.inputs.push_back(part.path);
    save.sourcePositionError = report.loaded.gltf.maxPositionError;
    save.sourceRotationError = report.loaded.gltf.maxRotationError;
    return save;
}

Status write(const Job& job, const Recording& recording, JobReport& report, const JobContext& context) {
    const SaveOptions save = saveOptions(job, report);
    if (isStandardStream(job.output)) {
        const ByteSink toStandardOutput = [](std::span<const std::uint8_t> piece) {
            return writeStandardOutput(piece);
        };
        const ByteSink& sink = context.standardOutput ? context.standardOutput : toStandardOutput;
        if (auto s = writeRecording(recording, report.kind, save, sink, &report.saved); !s) return s;
        if (auto intact = inputIntact(report.loaded, job.input); !intact) return intact;
    } else {
        auto staged = stageRecording(recording, job.output, report.kind, save, &report.saved);
        if (!staged) return staged.error().from(job.input);
        if (auto intact = inputIntact(report.loaded, job.input); !intact) return intact;  // nothing committed then
        if (context.deferred) {
            for (auto& file : *staged) context.deferred->push_back(std::move(file));
        } else if (auto committed = commitInOrder(*staged); !committed) {
            return committed;
        }
    }
    tell(report, report.saved.messages, job.input);
    if (report.source) report.source->sourceSha256 = recordedSource(report.loaded)->sourceSha256;
    return Success{};
}

// A failure of a job whose mapped input another program shortened meanwhile: that is what to say (the keys read as
// zeros since, which may have failed a check).
Status orInputChanged(Status failure, const Job& job, const JobReport& report) {
    if (auto intact = inputIntact(report.loaded, job.input); !intact) return intact;
    return failure;
}

// The phases after reading: merge, mark, edit, write, describe.
Status finishJob(const Job& job, Result<Recording> recording, JobReport& report, const JobContext& context) {
    if (recording) recording = mergeParts(job, std::move(*recording), report);
    if (recording) recording = markAndEdit(job, std::move(*recording), report);
    if (!recording) return orInputChanged(recording.error(), job, report);
    auto kind = outputKindOf(job, report.loaded.kind);
    if (!kind) return kind.error();
    if (auto refused = refuseBinaryOptions(job, *kind); !refused) return refused;
    report.kind = *kind;
    if (auto written = write(job, *recording, report, context); !written) return orInputChanged(written, job, report);
    report.loaded.sourceHash = {};  // the report outlives the job (a batch's, until its files are committed)
    report.loaded.mapped.reset();
    if (context.describe) report.recording = infoJson(job.input, *recording, report.loaded, summarize(*recording), {});
    return Success{};
}

}  // namespace

Status runJob(const Job& job, JobReport& report, const JobContext& context) {
    if (auto refused = refuseEarly(job); !refused) return refused;
    return finishJob(job, readInput(job, report), report, context);
}

Status runJobOn(const Job& job, Recording recording, LoadReport loaded, JobReport& report, const JobContext& context) {
    if (auto refused = refuseEarly(job); !refused) return refused;
    report.loaded = std::move(loaded);
    return finishJob(job, std::move(recording), report, context);
}

}  // namespace inputanim
