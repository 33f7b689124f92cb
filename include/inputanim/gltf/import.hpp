// glTF 2.0 -> Recording. Files this tool wrote come back byte for byte (from extras.inputanim); files from
// other tools are read by joint names, evaluated as glTF plays them, and fitted with keys.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "inputanim/core/error.hpp"
#include "inputanim/core/finding.hpp"
#include "inputanim/core/recording.hpp"
#include "inputanim/io/file_io.hpp"

namespace inputanim {

// Overrides for files whose node names are not recognised (the --map JSON file; schema in docs/cli.md).
struct NodeMap {
    std::map<std::string, std::string> joints;  // node name -> "left.IndexTip" / "right.Wrist"
    std::string camera;                         // node name of the head pose
    std::string gazeOrigin, gazeDirection;      // node names
    std::map<std::string, std::string> booleans;  // "TrackedLeft" ... -> node name (scale.x or translation.x)
};
Result<NodeMap> parseNodeMap(std::span<const std::uint8_t> json, const std::string& source);

struct ImportOptions {
    std::optional<Encoding> encoding;  // default: the source's for our files, 1.1 compact for others
    double positionTolerance = 1e-4;   // metres, for fitting keys to foreign motion
    double rotationTolerance = 0.01;   // degrees
    double sampleRate = 120;           // Hz: foreign motion is evaluated at every key time and at this rate
    NodeMap map;
    bool allowExternalPaths = false;   // let a .gltf reference buffers outside its own folder
    std::string animation;             // which animation to read: a name or an index; "" = the first
    std::optional<Hand> side;          // the side of a one-handed rig, whatever its names say (else names, then shape)
    double hold = 1;                   // seconds a pose (no animation, or every key at one time) is held, so that MRTK
                                       // shows it (it stops playing at the last key)
};

struct AnimationSummary {
    std::string name;
    std::size_t channels = 0;
    double duration = 0;  // seconds: the latest key time of its samplers
};

struct ImportReport {
    bool ownFile = false;              // written by inputanim: rebuilt from extras.inputanim
    std::vector<Finding> notes;        // what was derived or assumed, as notes with codes (docs/cli.md)
    std::size_t jointsFound = 0;
    std::vector<AnimationSummary> animations;  // every animation of the file
    std::vector<std::string> bufferFiles;      // external buffer files read (resolved paths)
    int animation = -1;                        // the one read (-1: the file has none)
};

// `path` names the file in messages and locates external buffers of a .gltf.
Result<Recording> importGltf(std::span<const std::uint8_t> bytes, const std::string& path, const ImportOptions& options = {},
                             ImportReport* report = nullptr);
// The same, freeing the file's bytes as soon as its document is read, before the recording is built (a large
// .glb's keys are then never in memory three times: file, document and recording).
Result<Recording> importGltf(FileBytes&& bytes, const std::string& path, const ImportOptions& options = {},
                             ImportReport* report = nullptr);

// What glTF the bytes hold by their start: a GLB (its magic), JSON text (an object, after white space and a UTF-8
// byte-order mark, which glTF forbids but readers are asked to ignore), or neither.
enum class GltfForm { None, Glb, Json };
GltfForm gltfFormOf(std::span<const std::uint8_t> bytes);

// The external buffer files a glTF names, resolved as import resolves them, without reading them (for a batch,
// which must not take a .gltf's buffer for a recording). Names that do not resolve are left out.
std::vector<std::string> bufferFilesNamed(std::span<const std::uint8_t> bytes, const std::string& path);

}  // namespace inputanim
