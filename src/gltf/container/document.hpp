// A loaded glTF file with checked access to its nodes and one animation's data (internal to the glTF layer).
#pragma once

#include <tiny_gltf.h>

#include <array>
#include <future>
#include <glm/glm.hpp>
#include <map>
#include <memory>
#include <optional>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "accessors.hpp"
#include "inputanim/core/error.hpp"
#include "inputanim/core/finding.hpp"
#include "inputanim/gltf/container.hpp"
#include "inputanim/gltf/provenance.hpp"

namespace inputanim {

// Deeper node hierarchies are refused: real rigs are under 30 levels, and every pose walks to the root.
inline constexpr std::size_t kMaxNodeDepth = 256;
// Items of the file's lists tinygltf reads (nodes, accessors, buffer views, animations, scenes, cameras, skins,
// buffers), in all: each costs it about a kilobyte, so a small file of empty items would take gigabytes. Real rigs hold
// hundreds.
inline constexpr std::size_t kMaxListItems = 120'000;

struct NodeTransform {
    std::array<double, 3> translation{0, 0, 0};
    std::array<double, 4> rotation{0, 0, 0, 1};  // x, y, z, w
    std::array<double, 3> scale{1, 1, 1};
};

class GltfDocument {
public:
    // `animation`: "" for the first, else a name or an index (see ImportOptions::animation).
    static Result<GltfDocument> load(std::span<const std::uint8_t> bytes, const std::string& path,
                                     bool allowExternalPaths, const std::string& animation = {});

    const tinygltf::Model& model() const { return *model_; }
    const std::string& path() const { return path_; }
    int findNode(const std::string& name) const;  // the first node of that name; -1 when absent
    int parentOf(int node) const { return parents_[node]; }
    // Nodes in an order where every parent comes before its children.
    const std::vector<int>& parentsFirst() const { return order_; }

    // Every animation of the file, and the one whose channels are read (-1: the file has none).
    const std::vector<AnimationSummary>& animations() const { return animations_; }
    int selectedAnimation() const { return selected_; }

    // Channels of the selected animation, by node and path.
    const ChannelData* channel(int node, const std::string& path) const;
    ChannelData* channel(int node, const std::string& path) {
        return const_cast<ChannelData*>(std::as_const(*this).channel(node, path));
    }
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
        std::array<double, 16> worldFromParent(int node, double time, const std::array<double, 16>& parentWorld,
                                               int unscaled = -1);

    private:
        glm::dmat4 localMatrix(int node, double time, int unscaled);  // localAt as a matrix, `unscaled` honoured
        const GltfDocument& doc_;
        std::vector<std::size_t> hints_;  // per channel
    };
    // Column-major 4x4 world matrix of the node's rest pose: every node at its static TRS (or matrix); `unscaled`
    // as for Player::worldAt.
    std::array<double, 16> restWorldOf(int node, int unscaled = -1) const;
    // Every key time of every channel on the node and its ancestors.
    std::vector<float> keyTimesAffecting(int node) const;

    // What reading the file found worth telling (a byte-order mark), as notes.
    const std::vector<Finding>& notes() const { return notes_; }
    const std::vector<std::string>& extensionsUsed() const { return extensionsUsed_; }  // the file's, and required ones
    const std::optional<Provenance>& provenance() const { return provenance_; }  // its KHR_xmp_json_ld record, if any
    // An archive whose buffer is not the one its record hashed (at /buffers/0): the error "archive-damaged", or the
    // warning "archive-rewritten" when another tool rewrote the file since (its asset.generator). None when intact
    // or when no hash is recorded.
    std::optional<Finding> archiveDamage() const;

    // The external buffer files the document was read from (resolved paths).
    const std::vector<std::string>& bufferFiles() const { return bufferFiles_; }

    // The `extras.inputanim` object of the selected animation or the scene, or null, as written in the file.
    const nlohmann::json& inputanimExtras() const { return extras_; }

private:
    // The file's record of its source (KHR_xmp_json_ld) and the tool that wrote it; the hash of the buffer it holds,
    // when the record has one to compare it with, being taken meanwhile on another thread (for bufferSha256_).
    Result<std::shared_future<std::string>> readRecord(const nlohmann::json& root,
                                                       const std::vector<std::span<const std::uint8_t>>& buffers,
                                                       const std::string& path);
    // The animation's (or else the first scene's) extras.inputanim.
    void readExtras(const nlohmann::json& root);

    std::shared_ptr<tinygltf::Model> model_;
    std::string path_;
    std::vector<int> parents_;
    std::vector<int> order_;
    std::map<std::string, int> byName_;
    std::vector<AnimationSummary> animations_;
    int selected_ = -1;
    std::vector<ChannelData> channels_;
    // Per node, the index in channels_ of its translation, rotation and scale channel (-1: none).
    std::vector<std::array<int, 3>> nodeChannels_;
    std::vector<NodeTransform> rest_;
    nlohmann::json extras_;
    std::vector<std::string> bufferFiles_;
    std::vector<Finding> notes_;
    std::vector<std::string> extensionsUsed_;
    std::optional<Provenance> provenance_;
    std::string bufferSha256_;  // of the first buffer as read, when the record holds a hash to compare it with
    std::string generator_;  // asset.generator
};

}  // namespace inputanim
