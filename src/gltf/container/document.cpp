#include "document.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <glm/gtx/matrix_decompose.hpp>

#include "buffers.hpp"
#include "meshopt_views.hpp"
#include "extensions.hpp"
#include "inputanim/core/sha256.hpp"
#include "inputanim/core/utf8.hpp"
#include "inputanim/gltf/profile_names.hpp"
#include "xmp.hpp"
#include "glb.hpp"
#include "json_limits.hpp"
#include "json_split.hpp"

namespace inputanim {
namespace {

using Json = nlohmann::json;

// A .glb or .gltf's JSON, split (json_split.hpp); and a GLB's BIN chunk, which accessors read in place.
struct GltfParts {
    SplitJson json;
    std::optional<std::span<const std::uint8_t>> binChunk;
    bool byteOrderMark = false;  // the JSON started with one (skipped)
};

Result<GltfParts> partsOf(std::span<const std::uint8_t> bytes, const std::string& path) {
    GltfParts parts;
    std::span<const std::uint8_t> text = bytes;
    std::size_t textOffset = 0;
    if (isGlb(bytes)) {
        auto chunks = readGlb(bytes, path);
        if (!chunks) return chunks.error();
        text = chunks->json;
        textOffset = 20;
        parts.binChunk = chunks->bin;
    }
    if ((parts.byteOrderMark = hasByteOrderMark(text))) text = text.subspan(3), textOffset += 3;
    if (auto plain = splitPlainJson(text)) {
        parts.json = std::move(*plain);
        return parts;
    }
    if (auto at = tooDeepAt(text))
        return Error{path, textOffset + *at, "JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels",
                     ErrorKind::Refused};
    bool hugeIndex = false;
    auto any = splitAnyJson(text, &hugeIndex);
    if (!any && hugeIndex)
        return Error{path, {}, "an index (of a node, sampler, accessor...) beyond 32 bits: no such item can exist"};
    if (!any)
        return Error{path, isGlb(bytes) ? std::optional<std::uint64_t>(20) : std::nullopt,
                     isGlb(bytes) ? "the GLB JSON chunk is not a valid JSON object"
                                  : "not a glTF file: neither GLB nor a JSON object"};
    parts.json = std::move(*any);
    return parts;
}

// tinygltf's file system: none. Every buffer is a data URI and images are gone, so nothing should ask.
tinygltf::FsCallbacks noFileSystem() {
    tinygltf::FsCallbacks fs{};
    fs.FileExists = [](const std::string&, void*) { return false; };
    fs.ExpandFilePath = [](const std::string& path, void*) { return path; };
    fs.ReadWholeFile = [](std::vector<unsigned char>*, std::string* error, const std::string& path, void*) {
        if (error) *error = "inputanim reads no file through tinygltf: " + path;
        return false;
    };
    fs.WriteWholeFile = [](std::string* error, const std::string&, const std::vector<unsigned char>&, void*) {
        if (error) *error = "inputanim writes no file through tinygltf";
        return false;
    };
    return fs;
}

NodeTransform restTransform(const tinygltf::Node& node) {
    NodeTransform t;
    if (node.matrix.size() == 16) {
        glm::dmat4 m = glm::make_mat4(node.matrix.data());
        glm::dvec3 scale(1), translation(0), skew(0);
        glm::dvec4 perspective(0, 0, 0, 1);
        glm::dquat rotation(1, 0, 0, 0);
        if (!glm::decompose(m, scale, rotation, translation, skew, perspective)) return t;  // singular: the identity
        t.translation = {translation.x, translation.y, translation.z};
        t.rotation = {rotation.x, rotation.y, rotation.z, rotation.w};
        t.scale = {scale.x, scale.y, scale.z};
        return t;
    }
    for (std::size_t i = 0; i < 3 && i < node.translation.size(); ++i) t.translation[i] = node.translation[i];
    if (node.rotation.size() == 4)
        t.rotation = {node.rotation[0], node.rotation[1], node.rotation[2], node.rotation[3]};
    for (std::size_t i = 0; i < 3 && i < node.scale.size(); ++i) t.scale[i] = node.scale[i];
    return t;
}

std::array<double, 16> arrayOf(const glm::dmat4& m) {  // column-major
    std::array<double, 16> out;
    std::memcpy(out.data(), glm::value_ptr(m), sizeof out);
    return out;
}

// translation, rotation, scale -> 0, 1, 2; anything else -1.
int pathSlot(const std::string& path) {
    return path == "translation" ? 0 : path == "rotation" ? 1 : path == "scale" ? 2 : -1;
}

// T * R * S, built directly (columns: the scaled rotation axes, then the translation).
glm::dmat4 matrixOf(const NodeTransform& t) {
    const glm::dmat3 rotation =
        glm::mat3_cast(glm::normalize(glm::dquat(t.rotation[3], t.rotation[0], t.rotation[1], t.rotation[2])));
    glm::dmat4 m(1);
    for (int c = 0; c < 3; ++c) m[c] = glm::dvec4(rotation[c] * t.scale[c], 0);
    m[3] = glm::dvec4(t.translation[0], t.translation[1], t.translation[2], 1);
    return m;
}

// Parents of every node, checked: one parent each, no cycles, no deeper than kMaxNodeDepth; and an order
// with parents first. Linear in the node count.
Status buildHierarchy(const tinygltf::Model& model, const std::string& path, std::vector<int>& parents,
                      std::vector<int>& order) {
    const std::size_t count = model.nodes.size();
    parents.assign(count, -1);
    for (std::size_t n = 0; n < count; ++n)
        for (int child : model.nodes[n].children) {
            if (child < 0 || std::size_t(child) >= count)
                return Error::inJson(path, "/nodes/" + std::to_string(n),
                                     "child " + std::to_string(child) + " does not exist");
            if (parents[child] != -1 || std::size_t(child) == n)
                return Error::inJson(path, "/nodes/" + std::to_string(child),
                                     "node has more than one parent or is its own child");
            parents[child] = int(n);
        }
    order.clear();
    order.reserve(count);
    std::vector<std::size_t> depth(count, 0);
    for (std::size_t n = 0; n < count; ++n)
        if (parents[n] == -1) order.push_back(int(n));
    for (std::size_t i = 0; i < order.size(); ++i)  // breadth first from the roots
        for (int child : model.nodes[order[i]].children) {
            depth[child] = depth[order[i]] + 1;
            if (depth[child] > kMaxNodeDepth)
                return Error{path,
                             {},
                             "/nodes/" + std::to_string(child) + ": node hierarchy deeper than " +
                                 std::to_string(kMaxNodeDepth) + " levels",
                             ErrorKind::Refused};
            order.push_back(child);
        }
    if (order.size() != count) {  // nodes no root reaches: they hang in a cycle
        std::vector<bool> reached(count, false);
        for (int n : order) reached[n] = true;
        const auto first = std::find(reached.begin(), reached.end(), false) - reached.begin();
        return Error::inJson(path, "/nodes/" + std::to_string(first), "node hierarchy has a cycle");
    }
    return Success{};
}

// The animation a name or index picks (by default InputAnimation, else the first); -1 with none; an error naming the
// animations when it picks nothing.
Result<int> pickAnimation(const std::vector<AnimationSummary>& animations, const std::string& wanted,
                          const std::string& path) {
    if (wanted.empty()) {  // this profile's animation, else the first
        for (std::size_t a = 0; a < animations.size(); ++a)
            if (animations[a].name == profile::kAnimation) return int(a);
        return animations.empty() ? -1 : 0;
    }
    for (std::size_t a = 0; a < animations.size(); ++a)
        if (animations[a].name == wanted) return int(a);
    if (!wanted.empty() && std::all_of(wanted.begin(), wanted.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
        wanted.size() < 10) {
        const std::size_t index = std::stoul(wanted);
        if (index < animations.size()) return int(index);
    }
    std::string names;
    for (std::size_t a = 0; a < animations.size() && a < 20; ++a)
        names += (a ? ", " : "") + std::to_string(a) + " '" + animations[a].name + "'";
    if (animations.size() > 20) names += ", ... (" + std::to_string(animations.size()) + " animations)";
    return Error{path,
                 {},
                 "no animation '" + wanted + "' (by name or index); the file has " + (names.empty() ? "none" : names),
                 ErrorKind::Usage,
                 Reason::AnimationMissing};
}

}  // namespace

std::optional<Finding> GltfDocument::archiveDamage() const {
    if (!provenance_ || provenance_->bufferSha256.empty() || bufferSha256_ == provenance_->bufferSha256) return {};
    const std::string differs =
        "its buffer's SHA-256 is " + bufferSha256_ + ", its record says " + provenance_->bufferSha256;
    if (generator_.empty() || generator_.starts_with("inputanim "))
        return Finding::ofFile(Severity::Error, "archive-damaged", "/buffers/0", "the archive is damaged: " + differs);
    return Finding::ofFile(Severity::Warning, "archive-rewritten", "/buffers/0",
                           "rewritten by " + shortened(generator_) + " since it was archived: " + differs);
}

Result<std::shared_future<std::string>> GltfDocument::readRecord(
    const nlohmann::json& root, const std::vector<std::span<const std::uint8_t>>& buffers, const std::string& path) {
    auto provenance = provenanceIn(root, path);
    if (!provenance) return provenance.error();
    provenance_ = std::move(*provenance);
    generator_ = provenanceGenerator(root);
    if (!provenance_ || provenance_->bufferSha256.empty()) return std::shared_future<std::string>();
    return sha256HexLater(buffers.empty() ? std::span<const std::uint8_t>() : buffers[0], HashWhen::Aside);
}

void GltfDocument::readExtras(const Json& json) {
    auto extrasOf = [](const Json& object) -> Json {
        if (object.is_object() && object.contains("extras") && object["extras"].is_object() &&
            object["extras"].contains("inputanim"))
            return object["extras"]["inputanim"];
        return nullptr;
    };
    if (selected_ >= 0 && json.contains("animations") && json["animations"].is_array() &&
        json["animations"].size() > std::size_t(selected_))
        extras_ = extrasOf(json["animations"][std::size_t(selected_)]);
    if (extras_.is_null() && json.contains("scenes") && json["scenes"].is_array() && !json["scenes"].empty())
        extras_ = extrasOf(json["scenes"][0]);
}

Result<GltfDocument> GltfDocument::load(std::span<const std::uint8_t> bytes, const std::string& path,
                                        bool allowExternalPaths, const std::string& animation) {
    auto parts = partsOf(bytes, path);
    if (!parts) return parts.error();
    if (parts->json.listItems > kMaxListItems)
        return Error{path,
                     {},
                     "its lists hold " + std::to_string(parts->json.listItems) +
                         " nodes, accessors, animations and the like; at most " + std::to_string(kMaxListItems) +
                         " are read",
                     ErrorKind::Refused};
    GltfDocument doc;
    auto extensions =
        checkExtensions(parts->json.kept, path, doc.notes_);  // before the buffers a required one may change
    if (!extensions) return extensions.error();
    doc.extensionsUsed_ = std::move(*extensions);
    auto buffers = readBuffers(parts->json.kept, parts->binChunk, path, allowExternalPaths);
    if (!buffers) return buffers.error();
    auto hashing = doc.readRecord(parts->json.kept, buffers->data, path);  // done before `buffers` go
    if (!hashing) return hashing.error();
    doc.path_ = path;
    if (parts->byteOrderMark)
        doc.notes_.push_back(Finding::note(
            "byte-order-mark", "the JSON starts with a UTF-8 byte-order mark, which glTF forbids: it is ignored"));
    doc.bufferFiles_ = buffers->files;
    doc.model_ = std::make_shared<tinygltf::Model>();  // a fresh Model per load (tinygltf 2.7 does not reset one)
    {
        tinygltf::TinyGLTF loader;
        loader.SetFsCallbacks(noFileSystem());
        std::string error, warning;
        const std::string& text = parts->json.forTinygltf;
        if (!loader.LoadASCIIFromString(doc.model_.get(), &error, &warning, text.data(), unsigned(text.size()), "")) {
            while (!error.empty() && (error.back() == '\n' || error.back() == '\r')) error.pop_back();
            for (char& ch : error)
                if (ch == '\n') ch = ' ';
            return Error{path, {}, "not a loadable glTF file: " + error};
        }
    }
    if (auto s = decompressViews(*doc.model_, *buffers, path); !s) return s.error();
    const auto& model = *doc.model_;
    if (auto s = buildHierarchy(model, path, doc.parents_, doc.order_); !s) return s.error();
    for (std::size_t n = 0; n < model.nodes.size(); ++n) doc.byName_.emplace(model.nodes[n].name, int(n));
    for (const auto& node : model.nodes) doc.rest_.push_back(restTransform(node));

    doc.nodeChannels_.assign(model.nodes.size(), {-1, -1, -1});
    const AccessorReader reader{model, buffers->data, path};
    for (std::size_t a = 0; a < model.animations.size(); ++a) {
        AnimationSummary summary{model.animations[a].name, model.animations[a].channels.size(), 0};
        // The duration: the largest input max (accessors carry min and max for animation inputs).
        for (const auto& sampler : model.animations[a].samplers)
            if (sampler.input >= 0 && std::size_t(sampler.input) < model.accessors.size() &&
                !model.accessors[sampler.input].maxValues.empty())
                summary.duration = std::max(summary.duration, model.accessors[sampler.input].maxValues[0]);
        doc.animations_.push_back(summary);
    }
    auto selected = pickAnimation(doc.animations_, animation, path);
    if (!selected) return selected.error();
    doc.selected_ = *selected;
    if (doc.selected_ >= 0) {
        const std::size_t a = std::size_t(doc.selected_);
        SamplerCache samplers;
        for (std::size_t c = 0; c < model.animations[a].channels.size(); ++c) {
            const auto& target = model.animations[a].channels[c].target_path;
            if (target != "translation" && target != "rotation" && target != "scale") continue;  // morph weights
            if (model.animations[a].channels[c].target_node < 0) continue;  // glTF: a channel without a node is ignored
            auto channel = readChannel(reader, model.animations[a], a, c, samplers);
            if (!channel) return channel.error();
            int& slot = doc.nodeChannels_[channel->node][pathSlot(channel->path)];
            if (slot >= 0)
                return Error::inJson(
                    path, "/animations/" + std::to_string(a) + "/channels/" + std::to_string(c),
                    "a second channel targets node " + std::to_string(channel->node) + " " + channel->path);
            slot = int(doc.channels_.size());
            doc.channels_.push_back(std::move(*channel));
        }
    }
    doc.readExtras(parts->json.kept);
    if (hashing->valid()) doc.bufferSha256_ = hashing->get();
    return doc;
}

int GltfDocument::findNode(const std::string& name) const {
    const auto it = byName_.find(name);
    return it == byName_.end() ? -1 : it->second;
}

const ChannelData* GltfDocument::channel(int node, const std::string& path) const {
    const int slot = pathSlot(path);
    if (slot < 0 || node < 0 || std::size_t(node) >= nodeChannels_.size()) return nullptr;
    const int index = nodeChannels_[node][slot];
    return index < 0 ? nullptr : &channels_[index];
}

NodeTransform GltfDocument::Player::localAt(int node, double time) {
    NodeTransform t = doc_.rest_[node];
    const auto& slots = doc_.nodeChannels_[node];
    double* outputs[3] = {t.translation.data(), t.rotation.data(), t.scale.data()};
    for (int slot = 0; slot < 3; ++slot)
        if (const int c = slots[slot]; c >= 0)
            sampleTrack(doc_.channels_[c].track(), slot == 1 ? TrackKind::Rotation : TrackKind::Vector, time,
                        outputs[slot], &hints_[c]);
    return t;
}

glm::dmat4 GltfDocument::Player::localMatrix(int node, double time, int unscaled) {
    NodeTransform local = localAt(node, time);
    if (node == unscaled) local.scale = {1, 1, 1};
    return matrixOf(local);
}

std::array<double, 16> GltfDocument::Player::worldFromParent(int node, double time,
                                                             const std::array<double, 16>& parentWorld, int unscaled) {
    return arrayOf(glm::make_mat4(parentWorld.data()) * localMatrix(node, time, unscaled));
}

std::array<double, 16> GltfDocument::Player::worldAt(int node, double time, int unscaled) {
    glm::dmat4 world(1);
    for (int n = node; n != -1; n = doc_.parents_[n]) world = localMatrix(n, time, unscaled) * world;
    return arrayOf(world);
}

std::array<double, 16> GltfDocument::restWorldOf(int node, int unscaled) const {
    glm::dmat4 world(1);
    for (int n = node; n != -1; n = parents_[n]) {
        NodeTransform local = rest_[n];
        if (n == unscaled) local.scale = {1, 1, 1};
        world = matrixOf(local) * world;
    }
    return arrayOf(world);
}

std::vector<float> GltfDocument::keyTimesAffecting(int node) const {
    std::vector<float> times;
    for (int n = node; n != -1; n = parents_[n])
        for (int c : nodeChannels_[n])
            if (c >= 0) {  // each channel's times increase: merge rather than sort
                const auto& add = channels_[c].track().times;
                // Exporters key every joint at the same times: nothing to merge, and merging copies would make a
                // deep joint's list as long as all its ancestors' channels together.
                if (std::equal(times.begin(), times.end(), add.begin(), add.end())) continue;
                const auto middle = times.insert(times.end(), add.begin(), add.end());
                std::inplace_merge(times.begin(), middle, times.end());
                times.erase(std::unique(times.begin(), times.end()), times.end());
            }
    return times;
}

}  // namespace inputanim
