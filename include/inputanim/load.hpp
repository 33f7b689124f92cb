// The library's front door for reading: tells what an input is by its content (never its name), loads a
// recording from it, and validates it. The CLI, the tests, the fuzzers and the WebAssembly build all enter here.
#pragma once

#include <cstdint>
#include <future>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "inputanim/core/error.hpp"
#include "inputanim/core/finding.hpp"
#include "inputanim/core/recording.hpp"
#include "inputanim/gltf/import.hpp"
#include "inputanim/gltf/provenance.hpp"
#include "inputanim/gltf/validate.hpp"
#include "inputanim/io/file_io.hpp"
#include "inputanim/mrtk/binary_format.hpp"

namespace inputanim {

enum class InputKind { MrtkBinary, Glb, GltfJson, IwerCapture };
std::string_view inputKindName(InputKind kind);  // "MRTK binary", "GLB", "glTF JSON", "IWER capture"
inline bool isGltfInput(InputKind kind) { return kind == InputKind::Glb || kind == InputKind::GltfJson; }

// GLB magic, or JSON text starting with '{': glTF, or an IWER capture where its first member is "schema"
// (isIwerCapture); anything else is read as MRTK binary, whose reader says what it expected (its magic number, or with
// ReadOptions::acceptPrerelease2019 a header-less 2019 body).
InputKind detectInput(std::span<const std::uint8_t> bytes);

struct LoadOptions {
    ReadOptions binary;  // MRTK binary input
    ImportOptions gltf;  // glTF input: tolerances, --map, animation, external paths, target encoding
    std::string mapFile;  // read into gltf.map when set (loadFile only)
    bool checkProfile = false;  // glTF input: also check the profile's rules, on the same parse (LoadReport::profile)
    // MRTK binary input: what an archive of it records (LoadReport::source, hashing the bytes; from a file, as it
    // is read; from bytes the recording keeps, its keys read in place, when recordedSource first asks for it).
    bool recordSource = false;
    // loadFile: a 1.1 recording or a glTF of kMapInputLeast bytes or more read where the page cache holds it
    // (FileReader::map), a recording's hash for recordSource taken on another thread meanwhile. A recording's keys
    // stay there: the caller asks inputIntact after its last use of them.
    bool mapInput = false;
};
inline constexpr std::uint64_t kMapInputLeast = std::uint64_t(1) << 20;  // a smaller file is read: that is faster

struct LoadReport {
    InputKind kind = InputKind::MrtkBinary;
    ImportReport gltf;  // glTF input only
    std::optional<ProfileReport> profile;  // glTF input read as a document, when LoadOptions::checkProfile asks
    std::optional<Provenance> source;  // MRTK binary input, when LoadOptions::recordSource asks (see recordedSource)
    std::shared_future<std::string> sourceHash;  // `source`'s hash while it is still to be taken, if it is
    std::shared_ptr<const MappedFile> mapped;  // a binary input the recording reads in place (LoadOptions::mapInput)
};

// Fails (ErrorKind::InputFailed, naming `path`) when a mapped input (LoadReport::mapped) was shortened by another
// program since it was mapped: what was made of its keys is then not the file's.
Status inputIntact(const LoadReport& report, const std::string& path);

// What an archive of the recording loaded records of its source (LoadReport::source), its hash taken now if loading
// left it to be taken; none unless LoadOptions::recordSource asked for it.
const std::optional<Provenance>& recordedSource(LoadReport& report);

// A recording from any input's bytes; `path` names it in messages and locates a .gltf's external buffers.
Result<Recording> loadRecording(std::span<const std::uint8_t> bytes, const std::string& path,
                                const LoadOptions& options = {}, LoadReport* report = nullptr);
// The same, keeping the bytes: a binary recording's compact keys are read in place from them (the recording keeps
// them alive), a glTF's are freed as soon as its document is read. Takes less memory than a copy.
Result<Recording> loadRecording(FileBytes&& bytes, const std::string& path, const LoadOptions& options = {},
                                LoadReport* report = nullptr);
// The same from a file (and options.mapFile, when set). The path "-" is standard input, read to its end (at most
// kStandardInputLimit bytes) and named "standard input" in messages.
inline constexpr std::uint64_t kStandardInputLimit = std::uint64_t(4) << 30;
Result<Recording> loadFile(const std::string& path, const LoadOptions& options = {}, LoadReport* report = nullptr);

// The profile's rules and the checker together, on any input: for glTF the rules on the file, then the checker
// on the recording it converts to; for a binary recording the checker, then the rules on the glTF that export
// would write. Fails only when the input cannot be read as its kind; a file that does not convert is an
// "import-failed" or "export-failed" finding.
struct ValidationReport {
    InputKind kind = InputKind::MrtkBinary;
    bool ownFile = false;  // glTF written by inputanim (carries extras.inputanim)
    std::vector<Finding> profile;  // structural rules of the glTF profile, with JSON pointers
    bool converted = false;  // the input converts to a recording
    std::vector<Finding> recording;  // the checker's findings on that recording
};
Result<ValidationReport> validateInput(std::span<const std::uint8_t> bytes, const std::string& path,
                                       const LoadOptions& options = {});
Result<ValidationReport> validateFile(const std::string& path, const LoadOptions& options = {});

}  // namespace inputanim
