// The library's front door for writing: the output format follows the output's extension (.bin, .glb, .gltf),
// files are staged and committed as file_io.hpp describes, and no output ever replaces a file an input needs.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "inputanim/capture/iwer_capture.hpp"
#include "inputanim/core/error.hpp"
#include "inputanim/core/finding.hpp"
#include "inputanim/core/recording.hpp"
#include "inputanim/core/tolerances.hpp"
#include "inputanim/gltf/export.hpp"
#include "inputanim/io/file_io.hpp"
#include "inputanim/tracks/linear_fit.hpp"

namespace inputanim {

enum class OutputKind { MrtkBinary, Glb, GltfSeparate, GltfEmbedded, IwerCapture };

// By extension: .bin (any case) is MRTK binary, .glb GLB, .gltf glTF JSON (embedded with `embed`), .json an IWER
// capture (capture/iwer_capture.hpp). Nullopt for anything else: no output is written under a name that says another
// format.
std::optional<OutputKind> outputKindFor(const std::string& path, bool embed = false);
inline bool isGltfOutput(OutputKind kind) { return kind != OutputKind::MrtkBinary && kind != OutputKind::IwerCapture; }
std::string_view outputExtensions();  // ".bin, .glb, .gltf or .json", for messages

// The names front ends give an output's kind where no file name says it (standard output, a batch's --to, a job's
// "to"): "glb", "gltf" (its buffer embedded: a stream), "bin", "iwer"; nullopt for another.
inline constexpr std::array<std::string_view, 4> kOutputKindNames = {"glb", "gltf", "bin", "iwer"};
std::optional<OutputKind> outputKindNamed(std::string_view name);
std::string_view outputExtension(OutputKind kind);  // ".bin", ".glb", ".gltf", ".json": what outputKindFor reads

// The files an output writes: the path itself, and for a separate .gltf its buffer (same name, .bin) first.
std::vector<std::string> outputFiles(const std::string& path, OutputKind kind);

// How a recording is written as MRTK binary: the one place where an output's format version and layout are chosen.
struct BinaryOptions {
    std::optional<int> minor;  // format version 1.minor (0 or 1); default: the recording's
    std::optional<Layout> layout;  // 1.1's key layout; default compact, the one MRTK reads (full: the published
                                   // specification's, which no MRTK version loads; written only when asked for)
    // Metres and degrees: keys fitted for the compact layout stay this close to the original.
    Tolerances tolerances;
};

struct BinaryReport {
    Encoding encoding;  // as written
    LinearFitReport fit;  // keys fitted for the compact layout (none: exact)
    std::vector<Finding> messages;  // notes and warnings for the user, with codes (docs/cli.md)
};

// The encoding a recording in `source` is written in. A usage error when the options contradict each other.
Result<Encoding> binaryEncodingFor(Encoding source, const BinaryOptions& options);
// The recording as it will be written: in binaryEncodingFor's encoding, without loss, or with keys fitted for the
// compact layout; nullopt when it is written as it is. Refused (NotRepresentable) when the encoding cannot hold its
// data (1.0 has no eye gaze).
Result<std::optional<Recording>> prepareBinary(const Recording& recording, const BinaryOptions& options,
                                               BinaryReport* report = nullptr);

struct SaveOptions {
    Overwrite overwrite = Overwrite::Never;
    BinaryOptions binary;  // binary outputs
    ExportOptions gltf;  // glTF outputs
    IwerOptions iwer;  // IWER captures
    std::vector<std::string> inputs;  // files the conversion reads: never replaced, whatever `overwrite` says
    // How far the recording already plays from what it was read from (ImportReport's deviation of a glTF from
    // another tool): added to the output's own deviation, and judged with it against the tolerances.
    double sourcePositionError = 0, sourceRotationError = 0;
};

struct SaveReport {
    std::vector<std::string> files;  // written (staged), in commit order
    std::size_t bytes = 0;  // binary output's or IWER capture's size
    BinaryReport binary;  // binary output
    ExportReport gltf;  // glTF output
    IwerReport iwer;  // IWER capture
    std::vector<Finding> messages;  // notes and warnings for the user, whatever the format, with codes (docs/cli.md)
    // How far the output plays from the source, as measured: the output's deviation plus the source's (SaveOptions),
    // in metres and degrees, and whether that is beyond the options' tolerances.
    double maxPositionError = 0, maxRotationError = 0;
    bool beyondTolerance = false;
};

// "largest deviation from the source: ... m (tolerance ... m), ... degrees (tolerance ... degrees)"
std::string deviationLine(double position, double rotation, double positionTolerance, double rotationTolerance);

// Every writer refuses a recording that is not playable (recording.hpp), naming the curve and key or the marker.
// Encodes the recording for `path` and stages its files: written in full beside their targets, but nothing is in
// place until they are committed (commitInOrder; a batch does so on another thread).
Result<std::vector<StagedFile>> stageRecording(const Recording& recording, const std::string& path, OutputKind kind,
                                               const SaveOptions& options = {}, SaveReport* report = nullptr);
// The output as one stream (standard output): binary, GLB or a .gltf with its buffer embedded; a separate .gltf, two
// files, is a usage error.
Status writeRecording(const Recording& recording, OutputKind kind, const SaveOptions& options, const ByteSink& write,
                      SaveReport* report = nullptr);
// Stages and commits.
Status saveRecording(const Recording& recording, const std::string& path, OutputKind kind,
                     const SaveOptions& options = {}, SaveReport* report = nullptr);
// The same with the kind told by the path's extension (loadFile's mirror; a .gltf gets its buffer beside it): a
// usage error for a name that says no format this library writes.
Status saveFile(const Recording& recording, const std::string& path, const SaveOptions& options = {},
                SaveReport* report = nullptr);

}  // namespace inputanim
