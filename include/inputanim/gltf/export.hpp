// Recording -> glTF 2.0 in the profile of docs/gltf-profile.md (node names, samplers, extras.inputanim).
#pragma once

#include <array>
#include <cstdint>
#include <future>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "inputanim/core/default_init.hpp"
#include "inputanim/core/error.hpp"
#include "inputanim/core/recording.hpp"
#include "inputanim/core/tolerances.hpp"
#include "inputanim/gltf/provenance.hpp"

namespace inputanim {

// How a hand's joints are laid out (docs/gltf-profile.md): flat, each joint's world pose under the hand node (exact,
// smaller); or a hierarchy, each joint under the one it hangs from with local transforms (editable in Blender).
enum class Rig { Flat, Hierarchy };

struct ExportOptions {
    Rig rig = Rig::Flat;
    Tolerances tolerances;
    bool linearOnly = false;  // only LINEAR/STEP samplers (Blender ignores cubic tangents)
    bool meshes = true;  // hand, pinch and gaze meshes
    // extras.inputanim, the way back to the binary file byte for byte (docs/gltf-profile.md). Without them the file
    // plays the same but is a plain glTF, which this tool reads as any other rig, and records no source.
    bool extras = true;
    // false: the scene at rest only (nodes, cameras, meshes, skins), without the animation, so without extras.inputanim
    // and no source recorded: what Blender's importer builds the add-on's rig from while the animation is made.
    bool animation = true;
    double verticalFieldOfView = 60;  // degrees, for the camera: kFieldOfViewLeast to kFieldOfViewMost
    std::size_t maxKnotsPerTrack = 10'000'000;  // refuse to unroll or densify a channel beyond this
    std::optional<Provenance> provenance;  // recorded as the asset's KHR_xmp_json_ld metadata when given
    // The provenance's source hash while it is still being taken (on another thread): waited for only once the
    // buffer is made, when the metadata is written.
    std::shared_future<std::string> sourceSha256;
    // Every buffer view compressed losslessly with EXT_meshopt_compression (required by the file then: three.js plays
    // it with its MeshoptDecoder): half the size of a plain file for long recordings (docs/archival.md).
    bool compress = false;
};
inline constexpr double kFieldOfViewLeast = 1, kFieldOfViewMost = 179;  // degrees
// Whether a glTF written with `options` holds the way back (extras.inputanim): asked for, and with its animation.
inline bool keepsWayBack(const ExportOptions& options) { return options.extras && options.animation; }
// The names front ends give `compress`'s two choices (the CLI's --compress, the loader's export option): false, true.
inline constexpr std::array<std::string_view, 2> kCompressionNames = {"none", "meshopt"};

struct ExportReport {
    std::size_t channels = 0;
    std::size_t knots = 0;  // keyframes over all samplers
    std::size_t stepSamplers = 0, linearSamplers = 0, cubicSamplers = 0;
    std::size_t bufferBytes = 0;
    std::size_t uncompressedBytes = 0;  // the buffer's size before compression (ExportOptions::compress)
    std::size_t jsonBytes = 0;
    double maxPositionError = 0;  // metres: largest deviation of the glTF playback from the source, measured
    double maxRotationError = 0;  // degrees
};

// Builds the whole file in memory. The bytes are a GLB.
Result<std::vector<std::uint8_t>> exportGlb(const Recording& recording, const ExportOptions& options,
                                            ExportReport* report = nullptr);

// A GLB in memory as its three parts, in file order, the buffer never copied into one block with the rest (the
// web viewer hands the buffer's views to three.js one by one).
struct GlbBytes {
    std::vector<std::uint8_t> head;  // the 12-byte header, the JSON chunk and the BIN chunk's 8-byte header
    ByteBuffer bin;  // the buffer: the BIN chunk's data, where buffer views' byteOffsets count from
    std::vector<std::uint8_t> tail;  // the BIN chunk's padding (0-3 bytes)
    std::size_t jsonOffset = 0, jsonLength = 0;  // where the JSON text is in `head`, without its padding
    // With Digests::Later, when the asset's provenance packet (ExportOptions::provenance) was written before its
    // digests were taken: `head` holds placeholders at `packetAt`, where the text `latePacket` gives goes (the same
    // length) before the bytes are used. Declared after `bin`, whose digest it may be taking: it goes first.
    std::size_t packetAt = 0;
    std::shared_future<std::string> latePacket;
};
// Digests::Later lets the provenance's digests be taken while the caller writes the bytes (GlbBytes::latePacket),
// for a writer that can go back; Now waits for them.
enum class Digests { Now, Later };
Result<GlbBytes> exportGlbBytes(const Recording& recording, const ExportOptions& options,
                                ExportReport* report = nullptr, Digests digests = Digests::Now);

// A .gltf file's bytes: its JSON, one member per line, and the bytes of the buffer file it names.
struct GltfText {
    std::string json;
    ByteBuffer buffer;  // the buffer file's bytes; empty when the buffer is embedded or the recording has no data
};
// `bufferFile`: the name of the buffer's file beside the .gltf (the buffer's uri says it); nullopt embeds the buffer
// as a base64 data URI. Nothing is written: save.hpp writes every file.
Result<GltfText> exportGltfText(const Recording& recording, const ExportOptions& options,
                                const std::optional<std::string>& bufferFile, ExportReport* report = nullptr);

}  // namespace inputanim
