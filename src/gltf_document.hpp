// A loaded glTF file with checked access to its animation data (internal to the importer).
#pragma once

#include <tiny_gltf.h>

#include <glm/glm.hpp>

#include <array>
#include <nlohmann/json.hpp>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "inputanim/error.hpp"
#include "inputanim/tracks.hpp"

namespace inputanim {

// One animation channel's sampler data, read and checked (finite, times strictly increasing), as a Track
// so that the export's curve engine plays it.
struct ChannelData {
    int node = -1;
    std::string path;  // "translation", "rotation", "scale"
    Track track;
};

struct NodeTransform {
    std::array<double, 3> translation{0, 0, 0};
    std::array<double, 4> rotation{0, 0, 0, 1};  // x, y, z, w
    std::array<double, 3> scale{1, 1, 1};
};

class GltfDocument {
public:
    static Result<GltfDocument> load(std::span<const std::uint8_t> bytes, const std::string& path, bool allowExternalPaths);

    const tinygltf::Model& model() const { return *model_; }
    const std::string& path() const { return path_; }
    int findNode(const std::string& name) const;  // -1 when absent
    int parentOf(int node) const { return parents_[node]; }

    // Channels of the first animation (all animations' channels when there are several), keyed by node and path.
    const ChannelData* channel(int node, const std::string& path) const;
    const std::vector<ChannelData>& channels() const { return channels_; }

    // Plays the document's nodes; remembers where each channel was, so that increasing times are cheap.
    class Player {
    public:
        explicit Player(const GltfDocument& doc) : doc_(doc), hints_(doc.channels_.size(), 0) {}
        // The node's local transform at `time`: its static TRS (or matrix) with animated channels applied,
        // as glTF plays them (STEP, LINEAR with slerp, CUBICSPLINE with rotations normalised).
        NodeTransform localAt(int node, double time);
        // Column-major 4x4 world matrix at `time`; the scale of `unscaled` (an ancestor whose scale carries
        // a state, like a hand's tracked flag) counts as 1.
        std::array<double, 16> worldAt(int node, double time, int unscaled = -1);
        // The same from the parent's world matrix at `time` (as worldAt gave it), without walking the ancestors.
        std::array<double, 16> worldFromParent(int node, double time, const std::array<double, 16>& parentWorld, int unscaled = -1);

    private:
        glm::dmat4 localMatrix(int node, double time, int unscaled);  // localAt as a matrix, `unscaled` honoured
        const GltfDocument& doc_;
        std::vector<std::size_t> hints_;  // per channel
    };
    // Every key time of every channel on the node and its ancestors.
    std::vector<float> keyTimesAffecting(int node) const;

    // The `extras.inputanim` object of the first animation or the scene, or null, as written in the file.
    const nlohmann::json& inputanimExtras() const { return extras_; }

private:
    std::shared_ptr<tinygltf::Model> model_;
    std::string path_;
    std::vector<int> parents_;
    std::vector<ChannelData> channels_;
    // Per node, the index in channels_ of its translation, rotation and scale channel (-1: none).
    std::vector<std::array<int, 3>> nodeChannels_;
    std::vector<NodeTransform> rest_;
    nlohmann::json extras_;
};

}  // namespace inputanim
