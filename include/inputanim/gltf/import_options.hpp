// How a glTF file is read into a recording, and what reading it found: the options and report of importGltf
// (import.hpp), which the foreign importer takes too.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "inputanim/core/encoding.hpp"
#include "inputanim/core/error.hpp"
#include "inputanim/core/finding.hpp"
#include "inputanim/core/joints.hpp"
#include "inputanim/core/tolerances.hpp"
#include "inputanim/gltf/container.hpp"
#include "inputanim/gltf/provenance.hpp"

namespace inputanim {

// Overrides for files whose node names are not recognised (the --map JSON file; schema in docs/cli.md).
struct NodeMap {
    std::map<std::string, std::string> joints;  // node name -> "left.IndexTip" / "right.Wrist"
    std::string camera;  // node name of the head pose
    std::string gazeOrigin, gazeDirection;  // node names
    std::map<std::string, std::string> booleans;  // "TrackedLeft" ... -> node name (scale.x or translation.x)
};
Result<NodeMap> parseNodeMap(std::span<const std::uint8_t> json, const std::string& source);

// Tolerances that read a file from another tool as closely as it plays, for comparing it with what a conversion made
// of it (diff): a hundredth of the defaults.
inline constexpr Tolerances kCloseTolerances{1e-6, 1e-4};

// The seconds ImportOptions::hold may take, in every front end.
inline constexpr double kHoldLeast = 1e-3, kHoldMost = 3600;

struct ImportOptions {
    std::optional<Encoding> encoding;  // default: the source's for our files, 1.1 compact for others
    Tolerances tolerances;  // for fitting keys to foreign motion
    double sampleRate = 120;  // Hz: foreign motion is evaluated at every key time and at this rate
    NodeMap map;
    bool allowExternalPaths = false;  // let a .gltf reference buffers outside its own folder
    bool acceptDamaged = false;  // read an archive whose buffer is not the one its record hashed (a warning says so)
    std::string animation;  // which animation to read: a name or an index; "" = the first
    std::optional<Hand> side;  // the side of a one-handed rig, whatever its names say (else names, then shape)
    double hold = 1;  // seconds a pose (no animation, or every key at one time) is held, so that MRTK
                      // shows it (it stops playing at the last key); 0: not held
};

// What reads a file of this tool back as it holds it, byte for byte (an archive's rebuild): a single pose not held.
inline ImportOptions asArchived() {
    ImportOptions options;
    options.hold = 0;
    return options;
}

struct ImportReport {
    bool ownFile = false;  // written by inputanim: rebuilt from extras.inputanim
    std::vector<Finding> notes;  // what was derived or assumed, as notes with codes (docs/cli.md)
    std::size_t jointsFound = 0;
    std::vector<AnimationSummary> animations;  // every animation of the file
    std::vector<std::string> bufferFiles;  // external buffer files read (resolved paths)
    std::vector<std::string> extensionsUsed;  // the file's glTF extensions (used, and required ones)
    std::optional<Provenance> provenance;  // where the file came from, as this tool recorded it (KHR_xmp_json_ld)
    int animation = -1;  // the one read (-1: the file has none)
    // A foreign file: the largest deviation measured between the fitted keys, as MRTK plays them, and the file's
    // motion as glTF plays it (metres, degrees), and whether it is beyond the tolerances.
    double maxPositionError = 0, maxRotationError = 0;
    bool beyondTolerance = false;
};

}  // namespace inputanim
