#include "model_writer.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>
#include <string_view>
#include <utility>

#include <glm/gtc/quaternion.hpp>

#include "inputanim/core/bytes.hpp"
#include "inputanim/gltf/profile_names.hpp"
#include "model_json.hpp"

namespace inputanim {

ModelWriter::ModelWriter(ExportReport& report) : report_(report) {
    model_.asset.version = "2.0";
    model_.asset.generator = std::string("inputanim ") + INPUTANIM_VERSION;
    model_.buffers.emplace_back();
    model_.scenes.emplace_back();
    model_.defaultScene = 0;
    animation_.name = profile::kAnimation;
}

std::uint8_t* ModelWriter::appendView(std::size_t bytes, int target) {
    while (buffer_.size() % 4) buffer_.push_back(0);
    tinygltf::BufferView view;
    view.buffer = 0;
    view.byteOffset = buffer_.size();
    view.byteLength = bytes;
    view.target = target;
    buffer_.resize(buffer_.size() + bytes);
    model_.bufferViews.push_back(std::move(view));
    return buffer_.data() + model_.bufferViews.back().byteOffset;
}

int ModelWriter::addAccessor(const void* data, std::size_t count, int type, int componentType, int target,
                             bool minMax) {
    const int components = tinygltf::GetNumComponentsInType(std::uint32_t(type));
    const std::size_t bytes =
        count * components * std::size_t(tinygltf::GetComponentSizeInBytes(std::uint32_t(componentType)));
    std::memcpy(appendView(bytes, target), data, bytes);
    return describeAccessor(count, type, componentType, minMax);
}

int ModelWriter::describeAccessor(std::size_t count, int type, int componentType, bool minMax) {
    const int components = tinygltf::GetNumComponentsInType(std::uint32_t(type));
    tinygltf::Accessor accessor;
    accessor.bufferView = int(model_.bufferViews.size() - 1);
    accessor.count = count;
    accessor.type = type;
    accessor.componentType = componentType;
    if (minMax) {
        // In locals (Float32: its bounds are the same numbers as double's), not in the accessor's vectors.
        const auto* f = reinterpret_cast<const float*>(buffer_.data() + model_.bufferViews.back().byteOffset);
        std::array<float, 4> low, high;
        low.fill(std::numeric_limits<float>::infinity());
        high.fill(-std::numeric_limits<float>::infinity());
        for (std::size_t i = 0; i < count; ++i)
            for (int c = 0; c < components; ++c)
                low[c] = std::min(low[c], f[i * components + c]), high[c] = std::max(high[c], f[i * components + c]);
        accessor.minValues.assign(low.begin(), low.begin() + components);
        accessor.maxValues.assign(high.begin(), high.begin() + components);
    }
    model_.accessors.push_back(std::move(accessor));
    return int(model_.accessors.size() - 1);
}

int ModelWriter::sharedAccessor(const void* data, std::size_t count, int type, int componentType, int target,
                                bool minMax) {
    // Found by a hash of the bytes, then compared with the accessors' bytes in the buffer (no copy kept as a key).
    const std::size_t bytes = count * std::size_t(tinygltf::GetNumComponentsInType(std::uint32_t(type))) *
                              std::size_t(tinygltf::GetComponentSizeInBytes(std::uint32_t(componentType)));
    const auto* from = static_cast<const std::uint8_t*>(data);
    const std::size_t hash = bytesHash(from, bytes);
    auto [first, last] = sharedAccessors_.equal_range(hash);
    for (auto it = first; it != last; ++it) {
        const tinygltf::Accessor& accessor = model_.accessors[std::size_t(it->second)];
        const tinygltf::BufferView& view = model_.bufferViews[std::size_t(accessor.bufferView)];
        if (accessor.count == count && accessor.type == type && accessor.componentType == componentType &&
            view.target == target && sameBytes(buffer_.data() + view.byteOffset, from, bytes))
            return it->second;
    }
    const int accessor = addAccessor(data, count, type, componentType, target, minMax);
    sharedAccessors_.emplace(hash, accessor);
    return accessor;
}

int ModelWriter::addNode(const std::string& name, int parent) {
    tinygltf::Node node;
    node.name = name;
    model_.nodes.push_back(std::move(node));
    const int index = int(model_.nodes.size() - 1);
    if (parent < 0) model_.scenes[0].nodes.push_back(index);
    else model_.nodes[parent].children.push_back(index);
    return index;
}

void ModelWriter::addChannel(int node, const char* path, const std::vector<float>& times,
                             const std::vector<float>& output, int type, Interpolation interpolation) {
    const std::size_t components = type == TINYGLTF_TYPE_VEC4 ? 4 : 3;
    addChannel(node, path, times, output.size() / components, type, interpolation,
               [&output](float* out) { std::copy(output.begin(), output.end(), out); });
}

void ModelWriter::recordChannel(int node, const char* path, int input, int output, std::size_t knots,
                                Interpolation interpolation) {
    tinygltf::AnimationSampler sampler;
    sampler.input = input;
    sampler.output = output;
    sampler.interpolation = interpolationName(interpolation);
    animation_.samplers.push_back(std::move(sampler));
    tinygltf::AnimationChannel channel;
    channel.sampler = int(animation_.samplers.size() - 1);
    channel.target_node = node;
    channel.target_path = path;
    animation_.channels.push_back(std::move(channel));
    ++report_.channels;
    report_.knots += knots;
    (interpolation == Interpolation::Step     ? report_.stepSamplers
     : interpolation == Interpolation::Linear ? report_.linearSamplers
                                              : report_.cubicSamplers)++;
}

void ModelWriter::setTransform(int node, const glm::dmat4& m) {
    const glm::dvec3 t(m[3]);
    const glm::dquat q = glm::normalize(glm::quat_cast(glm::dmat3(m)));
    if (glm::length(t) > 0) model_.nodes[node].translation = {t.x, t.y, t.z};
    if (q != glm::dquat(1, 0, 0, 0)) model_.nodes[node].rotation = {q.x, q.y, q.z, q.w};
}

int ModelWriter::material(const std::string& name, std::vector<double> color) {
    tinygltf::Material m;
    m.name = name;
    m.pbrMetallicRoughness.baseColorFactor = std::move(color);
    m.pbrMetallicRoughness.metallicFactor = 0;
    m.pbrMetallicRoughness.roughnessFactor = 0.6;
    model_.materials.push_back(std::move(m));
    return int(model_.materials.size() - 1);
}

tinygltf::Primitive ModelWriter::primitive(const MeshView& g, int materialIndex) {
    tinygltf::Primitive p;
    const std::size_t vertices = g.positions.size() / 3;
    p.attributes["POSITION"] =
        sharedAccessor(g.positions.data(), vertices, TINYGLTF_TYPE_VEC3, kFloat, TINYGLTF_TARGET_ARRAY_BUFFER, true);
    p.attributes["NORMAL"] =
        sharedAccessor(g.normals.data(), vertices, TINYGLTF_TYPE_VEC3, kFloat, TINYGLTF_TARGET_ARRAY_BUFFER);
    p.indices = sharedAccessor(g.indices.data(), g.indices.size(), TINYGLTF_TYPE_SCALAR,
                               TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
    p.material = materialIndex;
    p.mode = TINYGLTF_MODE_TRIANGLES;
    return p;
}

int ModelWriter::staticMesh(const std::string& name, const MeshView& g, int materialIndex) {
    tinygltf::Mesh mesh;
    mesh.name = name;
    mesh.primitives.push_back(primitive(g, materialIndex));
    model_.meshes.push_back(std::move(mesh));
    return int(model_.meshes.size() - 1);
}

int ModelWriter::skinnedMesh(const std::string& name, const MeshView& g, int materialIndex) {
    const int index = staticMesh(name, g, materialIndex);
    tinygltf::Primitive& p = model_.meshes[index].primitives[0];
    const std::size_t vertices = g.positions.size() / 3;
    p.attributes["JOINTS_0"] = sharedAccessor(g.joints.data(), vertices, TINYGLTF_TYPE_VEC4,
                                              TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE, TINYGLTF_TARGET_ARRAY_BUFFER);
    p.attributes["WEIGHTS_0"] =
        sharedAccessor(g.weights.data(), vertices, TINYGLTF_TYPE_VEC4, kFloat, TINYGLTF_TARGET_ARRAY_BUFFER);
    return index;
}

namespace {
constexpr const char* kExtrasPlaceholder = "inputanim:extras-placeholder";
}  // namespace

void ModelWriter::setExtras(tinygltf::Value& holder, std::string json) {
    holder = tinygltf::Value(std::string(kExtrasPlaceholder));
    extrasJson_ = std::move(json);
}

Status ModelWriter::compress() {
    const ByteBuffer grouped = groupViews(model_, buffer_);
    auto compressed = compressViews(model_, grouped);
    if (!compressed) return compressed.error();
    buffer_ = std::move(compressed->bytes);
    compressed_ = std::move(*compressed);
    report_.bufferBytes = buffer_.size();
    return Success{};
}

// The buffer and the extras are kept out of the model (tinygltf would copy them several times); modelJson writes
// the buffer's length and the extras' text in their places.
Result<GlbParts> ModelWriter::serialize(std::string_view bufferUri, const AssetPacket& packet) {
    ModelJsonOptions options;
    options.bufferBytes = buffer_.size();
    options.bufferUri = bufferUri;
    options.extrasPlaceholder = kExtrasPlaceholder;
    options.extrasText = extrasJson_;
    options.xmpPacket = packet.text;
    GlbParts parts;
    if (packet.later.valid()) options.xmpPacketAt = &parts.packetAt;
    if (compressed_) {
        options.compressedViews = &compressed_->views;
        options.placeholderBytes = compressed_->placeholderBytes;
    }
    auto json = modelJson(model_, options);
    if (!json) return json.error();
    parts.json = std::move(*json);
    parts.bin = std::move(buffer_);
    parts.latePacket = packet.later;
    report_.jsonBytes = parts.json.size();
    return parts;
}

}  // namespace inputanim
