// The glTF model as it is written (internal to the glTF layer): one buffer, accessors, nodes, animation
// channels, materials and meshes, then the GLB's parts. Knows nothing of recordings: export.cpp fills it.
#pragma once

#include <tiny_gltf.h>

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "asset_packet.hpp"
#include "glb.hpp"
#include "meshopt_views.hpp"
#include "mesh_geometry.hpp"
#include "inputanim/core/error.hpp"
#include "inputanim/gltf/export.hpp"
#include "inputanim/tracks/track.hpp"

namespace inputanim {

inline constexpr int kFloat = TINYGLTF_COMPONENT_TYPE_FLOAT;

class ModelWriter {
public:
    // Counts channels, knots and samplers, and the output's sizes, into `report`.
    explicit ModelWriter(ExportReport& report);

protected:
    // `minMax` (float data only) records the bounds that positions and animation inputs must carry.
    int addAccessor(const void* data, std::size_t count, int type, int componentType, int target, bool minMax = false);
    // addAccessor, where an accessor of the same bytes, type and target is not there already: identical key time
    // arrays (components of one joint, Booleans) share one input, and both hands their joints and weights.
    int sharedAccessor(const void* data, std::size_t count, int type, int componentType, int target,
                       bool minMax = false);
    int addNode(const std::string& name, int parent);  // parent -1: the scene root
    // A node's static transform (translation and rotation of a rigid matrix), left out where it is the identity.
    void setTransform(int node, const glm::dmat4& m);
    void addChannel(int node, const char* path, const std::vector<float>& times, const std::vector<float>& output,
                    int type, Interpolation interpolation);
    // The same with `outputCount` elements of `type` that fill(float* out) writes straight into the buffer.
    template <class Fill>
    void addChannel(int node, const char* path, const std::vector<float>& times, std::size_t outputCount, int type,
                    Interpolation interpolation, Fill&& fill) {
        const int input = sharedAccessor(times.data(), times.size(), TINYGLTF_TYPE_SCALAR, kFloat, 0, true);
        const std::size_t floats = outputCount * std::size_t(tinygltf::GetNumComponentsInType(std::uint32_t(type)));
        fill(reinterpret_cast<float*>(appendView(floats * sizeof(float), 0)));  // 4-byte aligned
        recordChannel(node, path, input, describeAccessor(outputCount, type, kFloat, false), times.size(),
                      interpolation);
    }

    int material(const std::string& name, std::vector<double> color);
    int staticMesh(const std::string& name, const MeshView& g, int materialIndex);
    int skinnedMesh(const std::string& name, const MeshView& g, int materialIndex);

    // `holder` (an object's extras) becomes `json`, an object's text. tinygltf would copy a large object through its
    // Value tree twice: the model holds a placeholder, in whose place serialize() writes the text.
    void setExtras(tinygltf::Value& holder, std::string json);

    // The JSON (modelJson: as tinygltf would write it) and binary chunk; the buffer is moved out. `bufferUri`: the
    // buffer's uri in a .gltf (none in a GLB); `packet`: the asset's KHR_xmp_json_ld packet (none when empty), its
    // digests perhaps still to come (GlbParts::latePacket).
    Result<GlbParts> serialize(std::string_view bufferUri = {}, const AssetPacket& packet = {});
    // Compresses the buffer's views (EXT_meshopt_compression): buffer_ becomes the compressed streams.
    Status compress();

    ExportReport& report_;
    tinygltf::Model model_;
    tinygltf::Animation animation_;  // "InputAnimation"; added to the model by the caller when it has channels
    ByteBuffer buffer_;  // every view is filled before the next: growing it need not zero it

private:
    // A buffer view of `bytes` at the buffer's end, for the caller to fill before anything else is appended.
    std::uint8_t* appendView(std::size_t bytes, int target);
    // The accessor over the last view.
    int describeAccessor(std::size_t count, int type, int componentType, bool minMax);
    void recordChannel(int node, const char* path, int input, int output, std::size_t knots,
                       Interpolation interpolation);
    tinygltf::Primitive primitive(const MeshView& g, int materialIndex);
    std::unordered_multimap<std::size_t, int> sharedAccessors_;  // by a hash of their bytes
    std::string extrasJson_;
    std::optional<CompressedBuffer> compressed_;  // once compress() ran: the views' compressed forms
};

}  // namespace inputanim
