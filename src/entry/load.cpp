// Reading any input: its kind from its content, then the layer that reads that kind.
#include "inputanim/load.hpp"

#include "inputanim/capture/iwer_capture.hpp"

#include <algorithm>
#include <cstring>

#include "inputanim/analysis/check.hpp"
#include "inputanim/archive.hpp"
#include "inputanim/core/sha256.hpp"
#include "inputanim/gltf/export.hpp"
#include "inputanim/gltf/validate.hpp"
#include "inputanim/io/file_io.hpp"
#include "inputanim/io/process.hpp"

namespace inputanim {
namespace {

Result<LoadOptions> withMap(const LoadOptions& options) {
    if (options.mapFile.empty()) return options;
    auto bytes = readFile(options.mapFile);
    if (!bytes) return bytes.error();
    auto map = parseNodeMap(*bytes, options.mapFile);
    if (!map) return map.error();
    LoadOptions loaded = options;
    loaded.gltf.map = std::move(*map);
    return loaded;
}

// glTF input parsed once: the profile checked when asked, then imported.
Result<Recording> loadGltf(Result<ParsedGltf> parsed, const LoadOptions& options, LoadReport& r) {
    if (!parsed) return parsed.error();
    if (options.checkProfile) r.profile = checkProfile(*parsed);
    return importGltf(std::move(*parsed), options.gltf, &r.gltf);
}

}  // namespace

std::string_view inputKindName(InputKind kind) {
    switch (kind) {
        case InputKind::MrtkBinary: return "MRTK binary";
        case InputKind::Glb: return "GLB";
        case InputKind::GltfJson: return "glTF JSON";
        case InputKind::IwerCapture: return "IWER capture";
    }
    return "?";
}

namespace {

// A header-less 2019 prerelease body, read as asked, became a 1.0 recording whose times start at 0: what an archive of
// it records is that 1.0 file, which it holds and rebuilds, not the body it came from.
Result<Recording> withPrereleaseSource(Result<Recording> recording, const std::string& path, LoadReport& report) {
    auto held = writeRecording(*recording);
    if (!held) return held.error().from(path);
    report.source = provenanceOf(*held, path, recording->encoding);
    report.source->sourceFormat += " (rebased from a header-less 2019 prerelease body)";
    return recording;
}

// A binary recording read, with what an archive of it records when the options ask. Bytes (`owned`) that the
// recording holds anyway, its keys read in place, are hashed only when recordedSource asks; mapped bytes meanwhile,
// on another thread.
Result<Recording> withSource(Result<Recording> recording, std::span<const std::uint8_t> bytes, const std::string& path,
                             const LoadOptions& options, LoadReport& report, std::shared_ptr<const void> owned = {}) {
    if (!recording || !options.recordSource) return recording;
    if (!hasMagic(bytes)) return withPrereleaseSource(std::move(recording), path, report);
    if (report.mapped || (owned && owned.use_count() > 1)) {
        report.source = unhashedProvenanceOf(bytes.size(), path, recording->encoding);
        report.sourceHash = sha256HexLater(bytes, report.mapped ? HashWhen::Aside : HashWhen::Asked, std::move(owned));
    } else {
        report.source = provenanceOf(bytes, path, recording->encoding);
    }
    return recording;
}

// The error for a mapped file that another program shortened while it was read.
Error shrankWhileRead(const std::string& path) {
    return Error{path, {}, "file shrank while being read", ErrorKind::InputFailed};  // as a read() finds it
}

}  // namespace

Status inputIntact(const LoadReport& report, const std::string& path) {
    if (!report.mapped || report.mapped->intact()) return Success{};
    return shrankWhileRead(path);
}

const std::optional<Provenance>& recordedSource(LoadReport& report) {
    if (report.source && report.sourceHash.valid()) {
        report.source->sourceSha256 = report.sourceHash.get();
        report.sourceHash = {};
    }
    return report.source;
}

InputKind detectInput(std::span<const std::uint8_t> bytes) {
    if (hasMagic(bytes)) return InputKind::MrtkBinary;
    switch (gltfFormOf(bytes)) {
        case GltfForm::Glb: return InputKind::Glb;
        case GltfForm::Json: return isIwerCapture(bytes) ? InputKind::IwerCapture : InputKind::GltfJson;
        case GltfForm::None: break;
    }
    return InputKind::MrtkBinary;  // the binary reader says what it expected
}

namespace {
// A capture is read as a take, reduced within the import's tolerances.
TakeOptions takeOptions(const LoadOptions& options) { return {options.gltf.tolerances}; }
}  // namespace

Result<Recording> loadRecording(std::span<const std::uint8_t> bytes, const std::string& path,
                                const LoadOptions& options, LoadReport* report) {
    Reported<LoadReport> r(report);
    r->kind = detectInput(bytes);
    if (r->kind == InputKind::MrtkBinary)
        return withSource(readRecording(bytes, path, options.binary), bytes, path, options, *r);
    if (r->kind == InputKind::IwerCapture) return readIwerCapture(bytes, path, takeOptions(options));
    return loadGltf(parseGltf(bytes, path, options.gltf.allowExternalPaths, options.gltf.animation), options, *r);
}

Result<Recording> loadRecording(FileBytes&& bytes, const std::string& path, const LoadOptions& options,
                                LoadReport* report) {
    Reported<LoadReport> r(report);
    r->kind = detectInput(bytes);
    if (r->kind == InputKind::MrtkBinary) {  // compact keys stay where the bytes are, not in a copy
        auto owned = std::make_shared<const FileBytes>(std::move(bytes));
        const std::span<const std::uint8_t> kept(*owned);
        auto recording = readRecording(kept, path, options.binary, owned);
        return withSource(std::move(recording), kept, path, options, *r, std::move(owned));
    }
    if (r->kind == InputKind::IwerCapture) return readIwerCapture(bytes, path, takeOptions(options));
    // The bytes are freed once the document is read.
    return loadGltf(parseGltf(std::move(bytes), path, options.gltf.allowExternalPaths, options.gltf.animation), options,
                    *r);
}

namespace {
constexpr const char* kStandardInputName = "standard input";

// Standard input's first bytes against every kind of input: when none can start so (and no prerelease body is
// allowed), it is refused at once, before the rest is read. Whitespace alone decides nothing yet.
Status plausibleStart(std::span<const std::uint8_t> first, const LoadOptions& options) {
    if (options.binary.acceptPrerelease2019 || hasMagic(first) || gltfFormOf(first) != GltfForm::None) return Success{};
    if (first.size() >= 3 && first[0] == 0xEF && first[1] == 0xBB && first[2] == 0xBF) first = first.subspan(3);
    const auto blank = [](std::uint8_t b) { return b == ' ' || b == '\t' || b == '\n' || b == '\r'; };
    if (std::all_of(first.begin(), first.end(), blank)) return Success{};
    return Error{kStandardInputName, 0,
                 "its first bytes are none of an MRTK recording's (its magic number), a GLB's or a glTF's JSON"};
}

Result<FileBytes> readInput(const std::string& path, const LoadOptions& options) {
    if (path != "-") return readFile(path);
    return readStandardInput(kStandardInputLimit, [&options](std::span<const std::uint8_t> first) {
        return plausibleStart(first, options);
    });
}

// Whether mapping a file saves work: a 1.1 recording (its compact keys then read where the page cache holds them) or
// a glTF (read whole either way) of kMapInputLeast bytes or more; not a 1.0 one, read through a window, never whole.
bool worthMapping(std::span<const std::uint8_t> head, std::uint64_t size) {
    if (size < kMapInputLeast) return false;
    if (!hasMagic(head)) return true;
    std::int32_t version[2] = {0, 0};
    if (head.size() >= 16) std::memcpy(version, head.data() + 8, sizeof version);
    return version[0] == 1 && version[1] == 1;
}

// A file read where the system maps it: a binary recording's compact keys in place (the recording keeps the file
// mapped), its hash taken meanwhile; a glTF read whole, its mapping let go once the document is read.
Result<Recording> loadMapped(std::shared_ptr<const MappedFile> mapped, const std::string& path,
                             const LoadOptions& options, LoadReport* report) {
    Reported<LoadReport> r(report);
    const std::span<const std::uint8_t> bytes = mapped->bytes();
    if (!hasMagic(bytes)) {
        auto recording = loadRecording(bytes, path, options, &*r);
        if (!mapped->intact()) return shrankWhileRead(path);
        return recording;
    }
    r->mapped = mapped;
    r->kind = InputKind::MrtkBinary;
    auto recording = readRecording(bytes, path, options.binary, mapped);
    return withSource(std::move(recording), bytes, path, options, *r, std::move(mapped));
}

// A binary recording read as it comes, each byte hashed as it passes (and any after the recording's end), for what
// an archive of it records (LoadReport::source): the file is read once.
Result<Recording> readHashing(FileReader& file, const std::string& path, const LoadOptions& options,
                              LoadReport& report) {
    DigestingSource digesting([&file](std::span<std::uint8_t> into) { return file.read(into); });
    auto recording = readRecording(file.size(), std::ref(digesting), path, options.binary);
    if (!recording) return recording;
    auto digest = digesting.drained();
    if (!digest) return digest.error();
    report.source = unhashedProvenanceOf(digest->bytes, path, recording->encoding);
    report.source->sourceSha256 = digest->sha256;
    return recording;
}
}  // namespace

Result<Recording> loadFile(const std::string& path, const LoadOptions& options, LoadReport* report) {
    auto loaded = withMap(options);
    if (!loaded) return loaded.error();
    if (path == "-") {
        auto bytes = readInput(path, *loaded);
        if (!bytes) return bytes.error();
        return loadRecording(std::move(*bytes), kStandardInputName, *loaded, report);
    }
    auto file = FileReader::open(path);
    if (!file) return file.error();
    // A binary recording is read as it comes (a 1.0 file through a window, never whole); any other input whole.
    auto head = file->readRest(16);  // the magic number and format version, if there are
    if (!head) return head.error();
    file->rewind();
    if (loaded->mapInput && worthMapping(*head, file->size()))
        if (auto mapped = file->map()) return loadMapped(std::move(mapped), path, *loaded, report);
    if (hasMagic(*head)) {
        if (report) report->kind = InputKind::MrtkBinary;
        if (loaded->recordSource && report) return readHashing(*file, path, *loaded, *report);
        const ByteSource source = [&file](std::span<std::uint8_t> into) { return file->read(into); };
        return readRecording(file->size(), source, path, loaded->binary);
    }
    auto bytes = file->readRest();
    if (!bytes) return bytes.error();
    return loadRecording(std::move(*bytes), path, *loaded, report);
}

Result<ValidationReport> validateInput(std::span<const std::uint8_t> bytes, const std::string& path,
                                       const LoadOptions& options) {
    ValidationReport report;
    report.kind = detectInput(bytes);
    if (isGltfInput(report.kind)) {
        LoadOptions checked = options;
        checked.checkProfile = true;
        LoadReport loaded;
        auto recording = loadRecording(bytes, path, checked, &loaded);
        if (!loaded.profile) return recording.error();  // not a glTF document at all
        report.ownFile = loaded.profile->ownFile;
        report.profile = std::move(loaded.profile->findings);
        if (!recording) {
            report.profile.push_back(Finding::ofFile(Severity::Error, "import-failed", "", recording.error().message));
            return report;
        }
        for (const auto& note : loaded.gltf.notes)
            report.profile.push_back(Finding::ofFile(Severity::Note, "import-note", "", note.message));
        report.converted = true;
        report.recording = checkRecording(*recording);
        return report;
    }
    // A binary recording (or a capture) is checked, then exported in memory and the result validated, so that
    // validation also tells whether (and how cleanly) the recording converts.
    auto recording = report.kind == InputKind::IwerCapture ? readIwerCapture(bytes, path, takeOptions(options))
                                                           : readRecording(bytes, path, options.binary);
    if (!recording) return recording.error();
    report.converted = true;
    report.recording = checkRecording(*recording);
    auto glb = exportGlb(*recording, {});
    if (!glb) {
        report.profile.push_back(Finding::ofFile(Severity::Error, "export-failed", "", glb.error().message));
        return report;
    }
    auto profile = checkProfile(*glb, path + " (as glTF)");
    if (!profile) {
        report.profile.push_back(Finding::ofFile(Severity::Error, "export-failed", "", profile.error().describe()));
        return report;
    }
    report.profile = std::move(profile->findings);
    return report;
}

Result<ValidationReport> validateFile(const std::string& path, const LoadOptions& options) {
    auto loaded = withMap(options);
    if (!loaded) return loaded.error();
    auto bytes = readInput(path, *loaded);
    if (!bytes) return bytes.error();
    return validateInput(*bytes, path == "-" ? kStandardInputName : path, *loaded);
}

}  // namespace inputanim
