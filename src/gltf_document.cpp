#include "gltf_document.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <glm/gtx/matrix_decompose.hpp>

namespace inputanim {
namespace {

using Json = nlohmann::json;

Error failure(const std::string& path, const std::string& pointer, const std::string& message) {
    return Error{path, {}, (pointer.empty() ? "" : pointer + ": ") + message};
}

// A .glb's or .gltf's JSON, parsed without tinygltf (to vet URIs and read extras exactly), and a GLB's BIN chunk,
// which accessors read in place.
struct GltfParts {
    Json json;
    std::optional<std::span<const std::uint8_t>> binChunk;
};

std::uint32_t word(std::span<const std::uint8_t> bytes, std::size_t offset) {
    std::uint32_t value;
    std::memcpy(&value, bytes.data() + offset, 4);
    return value;
}

Result<GltfParts> partsOf(std::span<const std::uint8_t> bytes, const std::string& path) {
    GltfParts parts;
    if (bytes.size() < 4 || std::memcmp(bytes.data(), "glTF", 4) != 0) {
        parts.json = Json::parse(bytes.begin(), bytes.end(), nullptr, false);
        if (parts.json.is_discarded() || !parts.json.is_object()) return Error{path, {}, "not a glTF file: neither GLB nor a JSON object"};
        return parts;
    }
    if (bytes.size() < 20) return Error{path, bytes.size(), "expected a 20-byte GLB header and JSON chunk header"};
    const std::uint32_t length = word(bytes, 8), jsonLength = word(bytes, 12);
    if (length > bytes.size()) return Error{path, 8, "GLB length " + std::to_string(length) + " exceeds the file (" + std::to_string(bytes.size()) + " bytes)"};
    if (word(bytes, 16) != 0x4E4F534Au) return Error{path, 16, "expected the GLB JSON chunk type 0x4E4F534A"};
    if (jsonLength > bytes.size() - 20) return Error{path, 12, "JSON chunk length " + std::to_string(jsonLength) + " exceeds the file"};
    parts.json = Json::parse(bytes.begin() + 20, bytes.begin() + 20 + jsonLength, nullptr, false);
    if (parts.json.is_discarded() || !parts.json.is_object()) return Error{path, 20, "the GLB JSON chunk is not a valid JSON object"};
    // The BIN chunk, when there is one, comes second; other chunk types are ignored, as the GLB format asks.
    const std::size_t chunk = 20 + std::size_t(jsonLength), end = std::max<std::size_t>(length, 20 + jsonLength);
    if (chunk + 8 <= end && word(bytes, chunk + 4) == 0x004E4942u) {
        const std::uint32_t binLength = word(bytes, chunk);
        if (binLength > end - chunk - 8) return Error{path, chunk, "BIN chunk length " + std::to_string(binLength) + " exceeds the GLB"};
        parts.binChunk = bytes.subspan(chunk + 8, binLength);
    }
    return parts;
}

std::string percentDecode(const std::string& uri) {
    std::string out;
    for (std::size_t i = 0; i < uri.size(); ++i) {
        if (uri[i] == '%' && i + 2 < uri.size() && std::isxdigit(uri[i + 1]) && std::isxdigit(uri[i + 2])) {
            out += char(std::stoi(uri.substr(i + 1, 2), nullptr, 16));
            i += 2;
        } else {
            out += uri[i];
        }
    }
    return out;
}

// A buffer may be a data URI or a relative path inside the file's own folder; nothing else is read.
std::optional<std::string> unsafeUri(const std::string& uri, bool allowExternalPaths) {
    if (uri.rfind("data:", 0) == 0) return std::nullopt;
    const std::string decoded = percentDecode(uri);
    const auto colon = decoded.find(':'), slash = decoded.find('/');
    if (colon != std::string::npos && (slash == std::string::npos || colon < slash))
        return "scheme '" + decoded.substr(0, colon) + ":' is not allowed (only data: URIs and relative paths)";
    if (allowExternalPaths) return std::nullopt;
    if (!decoded.empty() && (decoded[0] == '/' || decoded[0] == '\\')) return "absolute paths are not allowed";
    for (const auto& part : std::filesystem::path(decoded))
        if (part == "..") return "'..' leaves the file's folder";
    return std::nullopt;
}

// tinygltf reads a referenced file whole: refuse files much larger than the buffer they are said to hold,
// so that memory stays proportional to what the glTF declares and the file really contains.
std::optional<Error> checkExternalBuffers(const Json& json, const std::string& path) {
    if (!json.contains("buffers") || !json["buffers"].is_array()) return std::nullopt;
    const auto& buffers = json["buffers"];
    const std::filesystem::path folder = std::filesystem::path(path).parent_path();
    for (std::size_t i = 0; i < buffers.size(); ++i) {
        const Json& buffer = buffers[i];
        if (!buffer.is_object() || !buffer.contains("uri") || !buffer["uri"].is_string()) continue;
        const std::string uri = buffer["uri"].get<std::string>();
        if (uri.rfind("data:", 0) == 0) continue;
        const std::string pointer = "/buffers/" + std::to_string(i);
        const auto file = folder / percentDecode(uri);
        std::error_code error;
        const auto size = std::filesystem::file_size(file, error);
        if (error) return failure(path, pointer + "/uri", "cannot read " + file.string() + ": " + error.message());
        const auto declared = buffer.value("byteLength", Json(0));
        if (!declared.is_number_unsigned()) return failure(path, pointer + "/byteLength", "expected a non-negative integer");
        constexpr std::uintmax_t kPadding = 4096;
        if (size > declared.get<std::uintmax_t>() + kPadding)
            return failure(path, pointer + "/uri", file.filename().string() + " holds " + std::to_string(size) +
                                                       " bytes, far more than the buffer's byteLength " + std::to_string(declared.get<std::uintmax_t>()));
    }
    return std::nullopt;
}

struct AccessorReader {
    const tinygltf::Model& model;
    const std::vector<std::span<const std::uint8_t>>& buffers;  // model.buffers' data, or a GLB's BIN chunk
    const std::string& path;

    // Floats of an accessor (FLOAT, or normalised integers as glTF allows for animation outputs).
    Result<std::vector<float>> read(int index, int components, const std::string& what) const {
        const std::string pointer = "/accessors/" + std::to_string(index);
        if (index < 0 || std::size_t(index) >= model.accessors.size())
            return failure(path, "", what + " refers to accessor " + std::to_string(index) + ", which does not exist");
        const tinygltf::Accessor& a = model.accessors[index];
        if (a.sparse.isSparse) return failure(path, pointer, "sparse accessors are not supported");
        if (tinygltf::GetNumComponentsInType(std::uint32_t(a.type)) != components)
            return failure(path, pointer, what + ": expected " + std::to_string(components) + " components per element");
        const int componentSize = tinygltf::GetComponentSizeInBytes(std::uint32_t(a.componentType));
        if (componentSize <= 0 || (a.componentType != TINYGLTF_COMPONENT_TYPE_FLOAT && !a.normalized))
            return failure(path, pointer, what + ": expected FLOAT (or normalised integer) components");
        std::vector<float> out;
        if (a.bufferView < 0) {  // no data: all zeros
            out.assign(a.count * components, 0.0f);
            return out;
        }
        if (std::size_t(a.bufferView) >= model.bufferViews.size())
            return failure(path, pointer, "bufferView " + std::to_string(a.bufferView) + " does not exist");
        const tinygltf::BufferView& view = model.bufferViews[a.bufferView];
        const std::string viewPointer = "/bufferViews/" + std::to_string(a.bufferView);
        if (view.buffer < 0 || std::size_t(view.buffer) >= buffers.size())
            return failure(path, viewPointer, "buffer " + std::to_string(view.buffer) + " does not exist");
        const std::span<const std::uint8_t> data = buffers[view.buffer];
        if (view.byteOffset > data.size() || view.byteLength > data.size() - view.byteOffset)
            return failure(path, viewPointer, "byte range exceeds its buffer (" + std::to_string(data.size()) + " bytes)");
        const std::size_t elementSize = std::size_t(componentSize) * components;
        const std::size_t stride = view.byteStride ? view.byteStride : elementSize;
        if (stride < elementSize) return failure(path, viewPointer, "byteStride is smaller than an element");
        if (a.count > 0) {
            const std::size_t span = view.byteLength < a.byteOffset ? 0 : view.byteLength - a.byteOffset;
            if (a.byteOffset > view.byteLength || elementSize > span || (a.count - 1) > (span - elementSize) / stride)
                return failure(path, pointer, std::to_string(a.count) + " elements do not fit in their bufferView");
        }
        out.resize(a.count * components);
        const std::uint8_t* base = data.data() + view.byteOffset + a.byteOffset;
        if (a.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT && stride == elementSize) {  // tightly packed floats
            std::memcpy(out.data(), base, out.size() * sizeof(float));
            return out;
        }
        for (std::size_t i = 0; i < a.count; ++i)
            for (int c = 0; c < components; ++c) {
                const std::uint8_t* p = base + i * stride + std::size_t(c) * componentSize;
                out[i * components + c] = component(p, a.componentType);
            }
        return out;
    }

    static float component(const std::uint8_t* p, int type) {
        switch (type) {
            case TINYGLTF_COMPONENT_TYPE_FLOAT: { float v; std::memcpy(&v, p, 4); return v; }
            case TINYGLTF_COMPONENT_TYPE_BYTE: return std::max(float(std::int8_t(*p)) / 127.0f, -1.0f);
            case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: return float(*p) / 255.0f;
            case TINYGLTF_COMPONENT_TYPE_SHORT: { std::int16_t v; std::memcpy(&v, p, 2); return std::max(float(v) / 32767.0f, -1.0f); }
            case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: { std::uint16_t v; std::memcpy(&v, p, 2); return float(v) / 65535.0f; }
            default: return 0;
        }
    }
};

NodeTransform restTransform(const tinygltf::Node& node) {
    NodeTransform t;
    if (node.matrix.size() == 16) {
        glm::dmat4 m = glm::make_mat4(node.matrix.data());
        glm::dvec3 scale, translation, skew;
        glm::dvec4 perspective;
        glm::dquat rotation;
        glm::decompose(m, scale, rotation, translation, skew, perspective);
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

Result<ChannelData> readChannel(const AccessorReader& reader, const tinygltf::Animation& animation, std::size_t a,
                                std::size_t c) {
    const tinygltf::Model& model = reader.model;
    const std::string& path = reader.path;
    const auto& channel = animation.channels[c];
    const std::string pointer = "/animations/" + std::to_string(a) + "/channels/" + std::to_string(c);
    ChannelData data;
    data.node = channel.target_node;
    data.path = channel.target_path;
    if (data.node < 0) return failure(path, pointer, "channel has no target node");
    if (std::size_t(data.node) >= model.nodes.size())
        return failure(path, pointer, "target node " + std::to_string(data.node) + " does not exist");
    if (channel.sampler < 0 || std::size_t(channel.sampler) >= animation.samplers.size())
        return failure(path, pointer, "sampler " + std::to_string(channel.sampler) + " does not exist");
    const auto& sampler = animation.samplers[channel.sampler];
    const std::string samplerPointer = "/animations/" + std::to_string(a) + "/samplers/" + std::to_string(channel.sampler);
    Track& track = data.track;
    track.components = data.path == "rotation" ? 4 : 3;
    if (sampler.interpolation == "STEP") track.interpolation = Interpolation::Step;
    else if (sampler.interpolation == "CUBICSPLINE") track.interpolation = Interpolation::CubicSpline;
    else if (sampler.interpolation.empty() || sampler.interpolation == "LINEAR") track.interpolation = Interpolation::Linear;
    else return failure(path, samplerPointer, "unknown interpolation '" + sampler.interpolation + "'");

    auto times = reader.read(sampler.input, 1, samplerPointer + " input");
    if (!times) return times.error();
    auto output = reader.read(sampler.output, track.components, samplerPointer + " output");
    if (!output) return output.error();
    track.times = std::move(*times);
    const std::size_t n = track.times.size(), width = std::size_t(track.components);
    const bool cubic = track.interpolation == Interpolation::CubicSpline;
    if (output->size() != n * width * (cubic ? 3 : 1))
        return failure(path, samplerPointer, "output holds " + std::to_string(output->size() / width) + " elements for " +
                                                 std::to_string(n) + " key times (expected " + std::to_string(n * (cubic ? 3 : 1)) + ")");
    if (cubic && n < 2) return failure(path, samplerPointer, "CUBICSPLINE needs at least 2 keys");
    for (std::size_t k = 0; k < n; ++k)
        if (!std::isfinite(track.times[k]) || (k > 0 && !(track.times[k] > track.times[k - 1])))
            return failure(path, samplerPointer, "input time " + std::to_string(k) + " is not finite or not later than the one before");
    for (float v : *output)
        if (!std::isfinite(v)) return failure(path, samplerPointer, "output holds NaN or infinity");
    if (!cubic) {
        track.values = std::move(*output);
    } else {
        for (std::size_t k = 0; k < n; ++k) {
            const float* element = output->data() + k * 3 * width;
            track.inTangents.insert(track.inTangents.end(), element, element + width);
            track.values.insert(track.values.end(), element + width, element + 2 * width);
            track.outTangents.insert(track.outTangents.end(), element + 2 * width, element + 3 * width);
        }
    }
    return data;
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

// What tinygltf is given: the JSON without images (never used here; tinygltf would read and decode them) and
// with a GLB's own buffer (buffer 0 without a uri) stood in for by four bytes, since tinygltf would copy the
// whole BIN chunk; accessors read it in place instead. Returns that buffer's bytes, or nullopt if none.
using OwnBuffer = std::optional<std::span<const std::uint8_t>>;

Result<OwnBuffer> prepareForTinygltf(Json& json, const GltfParts& parts, const std::string& path) {
    json.erase("images");
    const auto buffers = json.find("buffers");
    if (buffers == json.end() || !buffers->is_array() || buffers->empty()) return OwnBuffer{};
    Json& buffer = (*buffers)[0];
    if (!buffer.is_object() || buffer.contains("uri") || !buffer.contains("byteLength") || !buffer["byteLength"].is_number_unsigned())
        return OwnBuffer{};  // tinygltf reports what is wrong
    if (!parts.binChunk) return failure(path, "/buffers/0", "has no uri, so its bytes must be a GLB's BIN chunk, and there is none");
    const std::uint64_t byteLength = buffer["byteLength"].get<std::uint64_t>();
    if (byteLength > parts.binChunk->size())
        return failure(path, "/buffers/0/byteLength", std::to_string(byteLength) + " bytes exceed the GLB's BIN chunk (" +
                                                          std::to_string(parts.binChunk->size()) + " bytes)");
    buffer["uri"] = "data:application/octet-stream;base64,AAAAAA==";
    buffer["byteLength"] = 4;
    return OwnBuffer{parts.binChunk->first(std::size_t(byteLength))};
}

}  // namespace

Result<GltfDocument> GltfDocument::load(std::span<const std::uint8_t> bytes, const std::string& path, bool allowExternalPaths) {
    auto parts = partsOf(bytes, path);
    if (!parts) return parts.error();
    const Json* json = &parts->json;
    if (json->contains("buffers") && (*json)["buffers"].is_array()) {
        const auto& buffers = (*json)["buffers"];
        for (std::size_t i = 0; i < buffers.size(); ++i)
            if (buffers[i].is_object() && buffers[i].contains("uri") && buffers[i]["uri"].is_string())
                if (auto problem = unsafeUri(buffers[i]["uri"].get<std::string>(), allowExternalPaths))
                    return failure(path, "/buffers/" + std::to_string(i) + "/uri", *problem);
    }
    if (auto problem = checkExternalBuffers(*json, path)) return *problem;
    Json forTinygltf = *json;
    auto ownBuffer = prepareForTinygltf(forTinygltf, *parts, path);
    if (!ownBuffer) return ownBuffer.error();
    GltfDocument doc;
    doc.path_ = path;
    doc.model_ = std::make_shared<tinygltf::Model>();  // a fresh Model per load (tinygltf 2.7 does not reset one)
    tinygltf::TinyGLTF loader;
    std::string error, warning;
    const std::string folder = std::filesystem::path(path).parent_path().string();
    const std::string text = forTinygltf.dump(-1, ' ', false, Json::error_handler_t::replace);
    if (!loader.LoadASCIIFromString(doc.model_.get(), &error, &warning, text.data(), unsigned(text.size()), folder)) {
        while (!error.empty() && (error.back() == '\n' || error.back() == '\r')) error.pop_back();
        for (char& ch : error) if (ch == '\n') ch = ' ';
        return Error{path, {}, "not a loadable glTF file: " + error};
    }
    const auto& model = *doc.model_;

    // Parents, with the node graph checked: one parent per node and no cycles.
    doc.parents_.assign(model.nodes.size(), -1);
    for (std::size_t n = 0; n < model.nodes.size(); ++n)
        for (int child : model.nodes[n].children) {
            if (child < 0 || std::size_t(child) >= model.nodes.size())
                return failure(path, "/nodes/" + std::to_string(n), "child " + std::to_string(child) + " does not exist");
            if (doc.parents_[child] != -1 || std::size_t(child) == n)
                return failure(path, "/nodes/" + std::to_string(child), "node has more than one parent or is its own child");
            doc.parents_[child] = int(n);
        }
    for (std::size_t n = 0; n < model.nodes.size(); ++n) {
        std::size_t depth = 0;
        for (int p = doc.parents_[n]; p != -1; p = doc.parents_[p])
            if (++depth > model.nodes.size()) return failure(path, "/nodes/" + std::to_string(n), "node hierarchy has a cycle");
    }
    for (const auto& node : model.nodes) doc.rest_.push_back(restTransform(node));

    doc.nodeChannels_.assign(model.nodes.size(), {-1, -1, -1});
    std::vector<std::span<const std::uint8_t>> buffers;
    for (const auto& buffer : model.buffers) buffers.emplace_back(buffer.data);
    if (*ownBuffer && !buffers.empty()) buffers[0] = **ownBuffer;
    const AccessorReader reader{model, buffers, path};
    for (std::size_t a = 0; a < model.animations.size(); ++a)
        for (std::size_t c = 0; c < model.animations[a].channels.size(); ++c) {
            const auto& target = model.animations[a].channels[c].target_path;
            if (target != "translation" && target != "rotation" && target != "scale") continue;  // morph weights
            auto channel = readChannel(reader, model.animations[a], a, c);
            if (!channel) return channel.error();
            int& slot = doc.nodeChannels_[channel->node][pathSlot(channel->path)];
            if (slot >= 0)
                return failure(path, "/animations/" + std::to_string(a) + "/channels/" + std::to_string(c),
                               "a second channel targets node " + std::to_string(channel->node) + " " + channel->path);
            slot = int(doc.channels_.size());
            doc.channels_.push_back(std::move(*channel));
        }

    // Every channel is read: the buffers (as large as the file) are no longer needed.
    for (auto& buffer : doc.model_->buffers) std::vector<unsigned char>().swap(buffer.data);

    auto extrasOf = [](const Json& object) -> Json {
        if (object.is_object() && object.contains("extras") && object["extras"].is_object() && object["extras"].contains("inputanim"))
            return object["extras"]["inputanim"];
        return nullptr;
    };
    if (json->contains("animations") && (*json)["animations"].is_array() && !(*json)["animations"].empty())
        doc.extras_ = extrasOf((*json)["animations"][0]);
    if (doc.extras_.is_null() && json->contains("scenes") && (*json)["scenes"].is_array() && !(*json)["scenes"].empty())
        doc.extras_ = extrasOf((*json)["scenes"][0]);
    return doc;
}

int GltfDocument::findNode(const std::string& name) const {
    const auto& nodes = model_->nodes;
    for (std::size_t n = 0; n < nodes.size(); ++n)
        if (nodes[n].name == name) return int(n);
    return -1;
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

std::vector<float> GltfDocument::keyTimesAffecting(int node) const {
    std::vector<float> times;
    for (int n = node; n != -1; n = parents_[n])
        for (int c : nodeChannels_[n])
            if (c >= 0) {  // each channel's times increase: merge rather than sort
                const auto& add = channels_[c].track.times;
                const auto middle = times.insert(times.end(), add.begin(), add.end());
                std::inplace_merge(times.begin(), middle, times.end());
            }
    times.erase(std::unique(times.begin(), times.end()), times.end());
    return times;
}

}  // namespace inputanim
