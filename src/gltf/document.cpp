#include "document.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <utility>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <glm/gtx/matrix_decompose.hpp>

#include "buffers.hpp"
#include "glb.hpp"
#include "json_limits.hpp"

namespace inputanim {
namespace {

using Json = nlohmann::json;

Error failure(const std::string& path, const std::string& pointer, const std::string& message) {
    return Error{path, {}, (pointer.empty() ? "" : pointer + ": ") + message};
}

// One pass over a glTF's JSON (nlohmann's SAX events: no tree of the whole document is built) that writes the JSON
// tinygltf is given and keeps as trees only the parts the tool reads itself. tinygltf is given the JSON without
// images (never used here; tinygltf would read and decode them), without the extras of the file and of the items of
// its lists (read from the kept trees; tinygltf would convert them to its Values, slow for the full keys of authored
// curves), and with every buffer stood in for by four bytes of a data URI (readBuffers reads them; tinygltf would
// copy them or search the file system for them). Kept: "buffers" whole, and for each item of "animations" and
// "scenes" an object with its "extras", if any.
class JsonSplitter final : public nlohmann::json_sax<Json> {
public:
    explicit JsonSplitter(std::string& forTinygltf) : text_(forTinygltf) {}
    Json kept = Json::object();

    bool null() override { return scalar(nullptr, "null"); }
    bool boolean(bool value) override { return scalar(value, value ? "true" : "false"); }
    bool number_integer(number_integer_t value) override { return scalar(value, digits(value)); }
    bool number_unsigned(number_unsigned_t value) override { return scalar(value, digits(value)); }
    // The number's own text: it parses to the same double (the parser refuses numbers that overflow).
    bool number_float(number_float_t value, const string_t& text) override { return scalar(value, text); }
    bool string(string_t& value) override {
        quoted_.clear();
        appendQuoted(quoted_, value);
        return scalar(value, quoted_);
    }
    bool binary(binary_t&) override { return false; }  // JSON text has none
    bool start_object(std::size_t) override { return open(false); }
    bool start_array(std::size_t) override { return open(true); }
    bool end_object() override { return close('}'); }
    bool end_array() override { return close(']'); }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

    bool key(string_t& name) override {
        Frame& parent = frames_.back();
        if (parent.capture) key_ = name;
        bool write = parent.write;
        if (frames_.size() == 1) {  // a member of the file's object
            member_ = name;
            kept.erase(name);  // a member given twice: the last counts, as in a tree
            if (name == "images" || name == "extras") write = false;
            if (name == "buffers") captureInto_ = &kept["buffers"];
        } else if (frames_.size() == 3 && frames_[1].array && name == "extras") {  // an item's, in one of the file's lists
            write = false;
            if (member_ == "animations" || member_ == "scenes") captureInto_ = &kept[member_].back()["extras"];
        }
        if (write) {
            separate(parent);
            appendQuoted(text_, name);
            text_ += ':';
        }
        skipNext_ = !write;
        return true;
    }

private:
    static constexpr std::string_view kBufferStandIn = R"({"byteLength":4,"uri":"data:application/octet-stream;base64,AAAAAA=="})";
    struct Frame {
        bool array;
        bool write;     // its brackets and contents are written for tinygltf
        Json* capture;  // the kept tree its contents go into, if any
        bool first = true;
    };

    // A string as JSON text. The parser has checked it is valid UTF-8: only quotes, backslashes and control
    // characters need escapes.
    static void appendQuoted(std::string& out, const std::string& text) {
        constexpr char kHex[] = "0123456789abcdef";
        out += '"';
        std::size_t plainFrom = 0;
        for (std::size_t i = 0; i < text.size(); ++i) {
            const auto c = static_cast<unsigned char>(text[i]);
            if (c >= 0x20 && c != '"' && c != '\\') continue;
            out.append(text, plainFrom, i - plainFrom);
            if (c >= 0x20) out += '\\', out += char(c);
            else out += "\\u00", out += kHex[c >> 4], out += kHex[c & 15];
            plainFrom = i + 1;
        }
        out.append(text, plainFrom);
        out += '"';
    }
    template <class Integer>
    std::string_view digits(Integer value) {
        const auto end = std::to_chars(digits_, digits_ + sizeof digits_, value).ptr;
        return {digits_, std::size_t(end - digits_)};
    }
    void separate(Frame& frame) {
        if (!std::exchange(frame.first, false)) text_ += ',';
    }
    // Where a value that starts now goes: whether it is written, and the kept tree it becomes, if any.
    std::pair<bool, Json*> place() {
        Frame& parent = frames_.back();
        const bool skipped = std::exchange(skipNext_, false);  // consumed whether or not the parent is written
        bool write = parent.write && !skipped;
        if (parent.array) {
            const bool listItem = frames_.size() == 2;  // an item of one of the file's lists
            if (listItem && member_ == "buffers") {
                if (write) separate(parent), text_ += kBufferStandIn;
                write = false;
            } else if (write) {
                separate(parent);
            }
            if (listItem && (member_ == "animations" || member_ == "scenes")) kept[member_].push_back(Json::object());
        }
        Json* slot = std::exchange(captureInto_, nullptr);
        if (parent.capture) slot = parent.array ? &parent.capture->emplace_back() : &(*parent.capture)[key_];
        return {write, slot};
    }
    template <class Value>
    bool scalar(Value&& value, std::string_view token) {
        if (frames_.empty()) return false;  // the file is not an object
        const auto [write, slot] = place();
        if (write) text_ += token;
        if (slot) *slot = Json(std::forward<Value>(value));
        return true;
    }
    bool open(bool array) {
        if (frames_.empty()) {  // the file's object
            if (array) return false;
            text_ += '{';
            frames_.push_back({false, true, nullptr});
            return true;
        }
        const auto [write, slot] = place();
        if (write) text_ += array ? '[' : '{';
        if (slot) *slot = array ? Json::array() : Json::object();
        frames_.push_back({array, write, slot});
        return true;
    }
    bool close(char bracket) {
        if (frames_.back().write) text_ += bracket;
        frames_.pop_back();
        return true;
    }

    std::string& text_;
    std::string quoted_;   // the last string value, as JSON text
    char digits_[24];      // the last integer, as text
    std::vector<Frame> frames_;
    std::string member_;           // the member of the file's object being read
    std::string key_;              // the last key read, in a kept tree
    bool skipNext_ = false;        // the value after this key is not written
    Json* captureInto_ = nullptr;  // the kept tree the value after this key becomes
};

// A .glb or .gltf's JSON, split (JsonSplitter) after its nesting has been checked; and a GLB's BIN chunk, which
// accessors read in place.
struct GltfParts {
    std::string forTinygltf;
    Json kept;
    std::optional<std::span<const std::uint8_t>> binChunk;
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
    if (auto at = tooDeepAt(text))
        return Error{path, textOffset + *at, "JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels", ErrorKind::Refused};
    parts.forTinygltf.reserve(text.size());
    JsonSplitter splitter(parts.forTinygltf);
    if (!Json::sax_parse(text.begin(), text.end(), &splitter))
        return Error{path, isGlb(bytes) ? std::optional<std::uint64_t>(20) : std::nullopt,
                     isGlb(bytes) ? "the GLB JSON chunk is not a valid JSON object" : "not a glTF file: neither GLB nor a JSON object"};
    parts.kept = std::move(splitter.kept);
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
    if (node.rotation.size() == 4) t.rotation = {node.rotation[0], node.rotation[1], node.rotation[2], node.rotation[3]};
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
    const glm::dmat3 rotation = glm::mat3_cast(glm::normalize(glm::dquat(t.rotation[3], t.rotation[0], t.rotation[1], t.rotation[2])));
    glm::dmat4 m(1);
    for (int c = 0; c < 3; ++c) m[c] = glm::dvec4(rotation[c] * t.scale[c], 0);
    m[3] = glm::dvec4(t.translation[0], t.translation[1], t.translation[2], 1);
    return m;
}

// Parents of every node, checked: one parent each, no cycles, no deeper than kMaxNodeDepth; and an order
// with parents first. Linear in the node count.
Status buildHierarchy(const tinygltf::Model& model, const std::string& path, std::vector<int>& parents, std::vector<int>& order) {
    const std::size_t count = model.nodes.size();
    parents.assign(count, -1);
    for (std::size_t n = 0; n < count; ++n)
        for (int child : model.nodes[n].children) {
            if (child < 0 || std::size_t(child) >= count)
                return failure(path, "/nodes/" + std::to_string(n), "child " + std::to_string(child) + " does not exist");
            if (parents[child] != -1 || std::size_t(child) == n)
                return failure(path, "/nodes/" + std::to_string(child), "node has more than one parent or is its own child");
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
                return Error{path, {}, "/nodes/" + std::to_string(child) + ": node hierarchy deeper than " + std::to_string(kMaxNodeDepth) + " levels",
                             ErrorKind::Refused};
            order.push_back(child);
        }
    if (order.size() != count) {  // nodes no root reaches: they hang in a cycle
        std::vector<bool> reached(count, false);
        for (int n : order) reached[n] = true;
        const auto first = std::find(reached.begin(), reached.end(), false) - reached.begin();
        return failure(path, "/nodes/" + std::to_string(first), "node hierarchy has a cycle");
    }
    return Success{};
}

// The animation a name or index picks (by default InputAnimation, else the first); -1 with none; an error naming the animations when it picks nothing.
Result<int> pickAnimation(const std::vector<AnimationSummary>& animations, const std::string& wanted, const std::string& path) {
    if (wanted.empty()) {  // this profile's animation, else the first
        for (std::size_t a = 0; a < animations.size(); ++a)
            if (animations[a].name == "InputAnimation") return int(a);
        return animations.empty() ? -1 : 0;
    }
    for (std::size_t a = 0; a < animations.size(); ++a)
        if (animations[a].name == wanted) return int(a);
    if (!wanted.empty() && std::all_of(wanted.begin(), wanted.end(), [](char c) { return c >= '0' && c <= '9'; }) && wanted.size() < 10) {
        const std::size_t index = std::stoul(wanted);
        if (index < animations.size()) return int(index);
    }
    std::string names;
    for (std::size_t a = 0; a < animations.size() && a < 20; ++a)
        names += (a ? ", " : "") + std::to_string(a) + " '" + animations[a].name + "'";
    if (animations.size() > 20) names += ", ... (" + std::to_string(animations.size()) + " animations)";
    return Error{path, {}, "no animation '" + wanted + "' (by name or index); the file has " + (names.empty() ? "none" : names), ErrorKind::Usage};
}

}  // namespace

Result<GltfDocument> GltfDocument::load(std::span<const std::uint8_t> bytes, const std::string& path, bool allowExternalPaths,
                                        const std::string& animation) {
    auto parts = partsOf(bytes, path);
    if (!parts) return parts.error();
    auto buffers = readBuffers(parts->kept, parts->binChunk, path, allowExternalPaths);
    if (!buffers) return buffers.error();
    GltfDocument doc;
    doc.path_ = path;
    doc.bufferFiles_ = buffers->files;
    doc.model_ = std::make_shared<tinygltf::Model>();  // a fresh Model per load (tinygltf 2.7 does not reset one)
    {
        tinygltf::TinyGLTF loader;
        loader.SetFsCallbacks(noFileSystem());
        std::string error, warning;
        const std::string& text = parts->forTinygltf;
        if (!loader.LoadASCIIFromString(doc.model_.get(), &error, &warning, text.data(), unsigned(text.size()), "")) {
            while (!error.empty() && (error.back() == '\n' || error.back() == '\r')) error.pop_back();
            for (char& ch : error) if (ch == '\n') ch = ' ';
            return Error{path, {}, "not a loadable glTF file: " + error};
        }
    }
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
            if (sampler.input >= 0 && std::size_t(sampler.input) < model.accessors.size() && !model.accessors[sampler.input].maxValues.empty())
                summary.duration = std::max(summary.duration, model.accessors[sampler.input].maxValues[0]);
        doc.animations_.push_back(summary);
    }
    auto selected = pickAnimation(doc.animations_, animation, path);
    if (!selected) return selected.error();
    doc.selected_ = *selected;
    if (doc.selected_ >= 0) {
        const std::size_t a = std::size_t(doc.selected_);
        for (std::size_t c = 0; c < model.animations[a].channels.size(); ++c) {
            const auto& target = model.animations[a].channels[c].target_path;
            if (target != "translation" && target != "rotation" && target != "scale") continue;  // morph weights
            if (model.animations[a].channels[c].target_node < 0) continue;  // glTF: a channel without a node is ignored
            auto channel = readChannel(reader, model.animations[a], a, c);
            if (!channel) return channel.error();
            int& slot = doc.nodeChannels_[channel->node][pathSlot(channel->path)];
            if (slot >= 0)
                return failure(path, "/animations/" + std::to_string(a) + "/channels/" + std::to_string(c),
                               "a second channel targets node " + std::to_string(channel->node) + " " + channel->path);
            slot = int(doc.channels_.size());
            doc.channels_.push_back(std::move(*channel));
        }
    }

    auto extrasOf = [](const Json& object) -> Json {
        if (object.is_object() && object.contains("extras") && object["extras"].is_object() && object["extras"].contains("inputanim"))
            return object["extras"]["inputanim"];
        return nullptr;
    };
    const Json& json = parts->kept;
    if (doc.selected_ >= 0 && json.contains("animations") && json["animations"].is_array() && json["animations"].size() > std::size_t(doc.selected_))
        doc.extras_ = extrasOf(json["animations"][std::size_t(doc.selected_)]);
    if (doc.extras_.is_null() && json.contains("scenes") && json["scenes"].is_array() && !json["scenes"].empty())
        doc.extras_ = extrasOf(json["scenes"][0]);
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
            sampleTrack(doc_.channels_[c].track, slot == 1 ? TrackKind::Rotation : TrackKind::Vector, time, outputs[slot], &hints_[c]);
    return t;
}

glm::dmat4 GltfDocument::Player::localMatrix(int node, double time, int unscaled) {
    NodeTransform local = localAt(node, time);
    if (node == unscaled) local.scale = {1, 1, 1};
    return matrixOf(local);
}

std::array<double, 16> GltfDocument::Player::worldFromParent(int node, double time, const std::array<double, 16>& parentWorld,
                                                             int unscaled) {
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
                const auto& add = channels_[c].track.times;
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
