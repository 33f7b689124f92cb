// Recording -> glTF 2.0 in the profile of docs "gltf-profile" (node names, samplers, extras.inputanim).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "inputanim/error.hpp"
#include "inputanim/file_io.hpp"
#include "inputanim/recording.hpp"

namespace inputanim {

struct ExportOptions {
    double positionTolerance = 1e-4;   // metres (0.1 mm)
    double rotationTolerance = 0.01;   // degrees
    bool linearOnly = false;           // only LINEAR/STEP samplers (Blender ignores cubic tangents)
    bool meshes = true;                // hand, pinch and gaze meshes
    double verticalFieldOfView = 60;   // degrees, for the camera
    std::size_t maxKnotsPerTrack = 10'000'000;  // refuse to unroll or densify a channel beyond this
};

enum class GltfContainer {
    Glb,           // one .glb file
    GltfSeparate,  // .gltf JSON with a .bin beside it
    GltfEmbedded,  // .gltf JSON with the buffer as a data URI
};
GltfContainer containerForPath(const std::string& path, bool embed);  // by extension: .glb or .gltf

struct ExportReport {
    std::size_t channels = 0;
    std::size_t knots = 0;                 // keyframes over all samplers
    std::size_t stepSamplers = 0, linearSamplers = 0, cubicSamplers = 0;
    std::size_t bufferBytes = 0;
    std::size_t jsonBytes = 0;
    double maxPositionError = 0;  // metres: largest deviation of the glTF playback from the source, measured
    double maxRotationError = 0;  // degrees
    std::vector<std::string> writtenFiles;
    bool built = false;  // the glTF was built from the recording: a failure after that is the file system's
};

// Builds the whole file in memory. The bytes are a GLB.
Result<std::vector<std::uint8_t>> exportGlb(const Recording& recording, const ExportOptions& options,
                                            ExportReport* report = nullptr);

// Writes `path` (and the .bin beside a separate .gltf) atomically.
Status writeGltf(const Recording& recording, const std::string& path, GltfContainer container,
                 const ExportOptions& options, ExportReport* report = nullptr);

// The files of writeGltf written beside their targets but not committed: commitInOrder puts them in place
// (for instance on another thread, while the next recording converts).
Result<std::vector<StagedFile>> stageGltf(const Recording& recording, const std::string& path, GltfContainer container,
                 const ExportOptions& options, ExportReport* report = nullptr);

}  // namespace inputanim
