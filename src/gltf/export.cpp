#include "inputanim/gltf/export.hpp"

#include <tiny_gltf.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "extras.hpp"
#include "glb.hpp"
#include "uri.hpp"
#include "profile.hpp"
#include "inputanim/core/math.hpp"
#include "inputanim/io/file_io.hpp"
#include "inputanim/tracks/track_builder.hpp"
#include "inputanim/core/version.hpp"
#include "mesh_geometry.hpp"

namespace inputanim {

GltfContainer containerForPath(const std::string& path, bool embed) {
    if (lowercaseExtension(path) == ".gltf") return embed ? GltfContainer::GltfEmbedded : GltfContainer::GltfSeparate;
    return GltfContainer::Glb;
}

namespace {

constexpr int kFloat = TINYGLTF_COMPONENT_TYPE_FLOAT;

constexpr std::size_t kKnotAllowance = 100'000;  // knots per channel allowed whatever the key count
constexpr std::size_t kKnotsPerKey = 1000;       // and per key of the recording

class ModelBuilder {
public:
    ModelBuilder(const Recording& recording, const ExportOptions& options, ExportReport& report)
        : recording_(recording), options_(options), report_(report) {
        model_.asset.version = "2.0";
        model_.asset.generator = std::string("inputanim ") + INPUTANIM_VERSION;
        model_.buffers.emplace_back();
        model_.scenes.emplace_back();
        model_.defaultScene = 0;
        animation_.name = "InputAnimation";
        trackOptions_.duration = summarizeDuration();
        trackOptions_.positionTolerance = options.positionTolerance;
        trackOptions_.rotationTolerance = options.rotationTolerance;
        trackOptions_.linearOnly = options.linearOnly;
        // Unrolling and densifying may multiply keys, but not without bound: a tiny file claiming a long loop
        // of a short curve is refused rather than allowed to fill memory.
        std::size_t keys = 0;
        for (const Curve& curve : recording.curves) keys += curve.keys.size();
        trackOptions_.maxKnots = std::min(options.maxKnotsPerTrack, kKnotAllowance + kKnotsPerKey * keys);
        // Usually each key becomes one float of output (times are shared within a channel): grow once.
        buffer_.reserve(keys * sizeof(float) + (1 << 20));
    }

    Result<GlbParts> build() {
        if (recording_.hasCameraPose)
            if (auto s = addCamera(); !s) return s.error();
        if (recording_.hasHandData)
            for (Hand hand : {Hand::Left, Hand::Right})
                if (auto s = addHand(hand); !s) return s.error();
        if (recording_.hasEyeGaze)
            if (auto s = addGaze(); !s) return s.error();
        // glTF animations need at least one channel: a file with no keys keeps its extras on the scene.
        if (!animation_.channels.empty()) model_.animations.push_back(animation_);
        tinygltf::Value extras = extrasValue(buildExtras(recording_, trackOptions_.duration, curveExtras_));
        if (model_.animations.empty()) model_.scenes[0].extras = extras;
        else model_.animations[0].extras = extras;
        report_.bufferBytes = buffer_.size();
        // A file without data has no buffer: an empty one is not valid glTF.
        if (buffer_.empty()) model_.buffers.clear();
        return serialize();
    }

private:
    double summarizeDuration() const { return std::max(0.0, timeRange(recording_).end); }

    // ---- buffer and accessors ----------------------------------------------------------------------

    int addView(const void* data, std::size_t bytes, int target) {
        while (buffer_.size() % 4) buffer_.push_back(0);
        tinygltf::BufferView view;
        view.buffer = 0;
        view.byteOffset = buffer_.size();
        view.byteLength = bytes;
        view.target = target;
        const auto* p = static_cast<const std::uint8_t*>(data);
        buffer_.insert(buffer_.end(), p, p + bytes);
        model_.bufferViews.push_back(view);
        return int(model_.bufferViews.size() - 1);
    }

    // `minMax` (float data only) records the bounds that positions and animation inputs must carry.
    int addAccessor(const void* data, std::size_t count, int type, int componentType, int target, bool minMax = false) {
        const int components = tinygltf::GetNumComponentsInType(std::uint32_t(type));
        const std::size_t componentBytes = std::size_t(tinygltf::GetComponentSizeInBytes(std::uint32_t(componentType)));
        tinygltf::Accessor accessor;
        accessor.bufferView = addView(data, count * components * componentBytes, target);
        accessor.count = count;
        accessor.type = type;
        accessor.componentType = componentType;
        if (minMax) {
            const float* f = static_cast<const float*>(data);
            accessor.minValues.assign(components, std::numeric_limits<double>::infinity());
            accessor.maxValues.assign(components, -std::numeric_limits<double>::infinity());
            for (std::size_t i = 0; i < count; ++i)
                for (int c = 0; c < components; ++c) {
                    accessor.minValues[c] = std::min(accessor.minValues[c], double(f[i * components + c]));
                    accessor.maxValues[c] = std::max(accessor.maxValues[c], double(f[i * components + c]));
                }
        }
        model_.accessors.push_back(accessor);
        return int(model_.accessors.size() - 1);
    }

    // Identical key time arrays (components of one joint, Booleans) share one input accessor.
    int timeAccessor(const std::vector<float>& times) {
        const std::string key(reinterpret_cast<const char*>(times.data()), times.size() * sizeof(float));
        if (auto it = timeAccessors_.find(key); it != timeAccessors_.end()) return it->second;
        const int accessor = addAccessor(times.data(), times.size(), TINYGLTF_TYPE_SCALAR, kFloat, 0, true);
        timeAccessors_.emplace(key, accessor);
        return accessor;
    }

    int addNode(const std::string& name, int parent) {
        tinygltf::Node node;
        node.name = name;
        model_.nodes.push_back(node);
        const int index = int(model_.nodes.size() - 1);
        if (parent < 0) model_.scenes[0].nodes.push_back(index);
        else model_.nodes[parent].children.push_back(index);
        return index;
    }

    // ---- animation ---------------------------------------------------------------------------------

    void addChannel(int node, const char* path, const std::vector<float>& times, const std::vector<float>& output,
                    int type, Interpolation interpolation) {
        tinygltf::AnimationSampler sampler;
        sampler.input = timeAccessor(times);
        const int components = type == TINYGLTF_TYPE_VEC4 ? 4 : 3;
        sampler.output = addAccessor(output.data(), output.size() / components, type, kFloat, 0);
        sampler.interpolation = interpolationName(interpolation);
        animation_.samplers.push_back(sampler);
        tinygltf::AnimationChannel channel;
        channel.sampler = int(animation_.samplers.size() - 1);
        channel.target_node = node;
        channel.target_path = path;
        animation_.channels.push_back(channel);
        ++report_.channels;
        report_.knots += times.size();
        (interpolation == Interpolation::Step     ? report_.stepSamplers
         : interpolation == Interpolation::Linear ? report_.linearSamplers
                                                  : report_.cubicSamplers)++;
    }

    // A vector or rotation channel from consecutive curves of the flat table; no channel when all are empty.
    Status addCurveChannel(int node, std::size_t firstCurve, TrackKind kind) {
        const int n = kind == TrackKind::Rotation ? 4 : 3;
        const Curve* curves[4];
        bool anyKeys = false;
        for (int c = 0; c < n; ++c) {
            curves[c] = &recording_.curves[firstCurve + c];
            anyKeys |= !curves[c]->keys.empty();
        }
        if (!anyKeys) {  // no channel; only odd wrap modes need keeping
            for (int c = 0; c < n; ++c)
                if (auto extras = emptyCurveExtrasFor(*curves[c])) curveExtras_.emplace_back(curveName(firstCurve + c), *extras);
            return Success{};
        }
        const std::span<const Curve* const> components(curves, n);
        auto track = buildTrack(components, kind, trackOptions_);
        if (!track) {
            for (int c = 0; c < n; ++c)  // name the curve when one is invalid
                if (auto problem = invalidKey(*curves[c])) return Error{{}, {}, "curve " + curveName(firstCurve + c) + ": " + *problem};
            return Error{{}, {}, "curves " + curveName(firstCurve) + " to " + curveName(firstCurve + n - 1) + ": " + track.error().message};
        }
        // The builder's bound: exact for copied keys (rotations: slerp against nlerp, proven), measured where the
        // error is largest for fitted spans.
        const double error = track->maxError;
        double& worst = kind == TrackKind::Rotation ? report_.maxRotationError : report_.maxPositionError;
        worst = std::max(worst, error);
        for (int c = 0; c < n; ++c) noteCurveExtras(firstCurve + c, *curves[c], *track, c);

        float signs[4];
        for (int c = 0; c < n; ++c) signs[c] = placeOf(firstCurve + c).sign;
        const std::size_t count = track->times.size();
        std::vector<float> output;
        const bool cubic = track->interpolation == Interpolation::CubicSpline;
        output.reserve(count * n * (cubic ? 3 : 1));
        for (std::size_t k = 0; k < count; ++k) {
            if (cubic)
                for (int c = 0; c < n; ++c) output.push_back(signs[c] * track->inTangents[k * n + c]);
            for (int c = 0; c < n; ++c) output.push_back(signs[c] * track->values[k * n + c]);
            if (cubic)
                for (int c = 0; c < n; ++c) output.push_back(signs[c] * track->outTangents[k * n + c]);
        }
        if (cubic && count > 0) {
            // glTF asks for a zero in-tangent on the first key and a zero out-tangent on the last.
            for (int c = 0; c < n; ++c) output[c] = 0, output[output.size() - n + c] = 0;
        }
        addChannel(node, placeOf(firstCurve).path, track->times, output,
                   kind == TrackKind::Rotation ? TINYGLTF_TYPE_VEC4 : TINYGLTF_TYPE_VEC3, track->interpolation);
        return Success{};
    }

    void noteCurveExtras(std::size_t index, const Curve& curve, const Track& track, int component) {
        if (auto extras = curveExtrasFor(curve, track, component)) curveExtras_.emplace_back(curveName(index), *extras);
    }

    // A Boolean as a STEP scale channel: (1,1,1) true, (0,0,0) false. Keys before 0 count at 0.
    void addBooleanChannel(int node, std::size_t index) {
        const Curve& curve = recording_.curves[index];
        std::vector<float> times, output;
        for (const Key& key : curve.keys) {
            if (!std::isfinite(key.time)) continue;
            const float t = std::max(0.0f, key.time);
            const float v = key.value > 0.5f ? 1.0f : 0.0f;
            if (!times.empty() && t <= times.back()) {
                if (t == times.back()) output.resize(output.size() - 3), times.pop_back();  // the later key wins
                else continue;
            }
            times.push_back(t);
            output.insert(output.end(), {v, v, v});
        }
        if (times.empty()) {
            if (auto extras = booleanExtrasFor(curve, false)) curveExtras_.emplace_back(curveName(index), *extras);
            model_.nodes[node].scale = {0, 0, 0};  // an empty Boolean curve plays back as false
            return;
        }
        // End at the recording's end: Blender samples an action only up to its last whole frame, which
        // would drop a final switch that falls between frames.
        const float end = float(trackOptions_.duration);
        const bool extended = end > times.back();
        if (extended) {
            times.push_back(end);
            output.insert(output.end(), output.end() - 3, output.end());
        }
        if (auto extras = booleanExtrasFor(curve, extended)) curveExtras_.emplace_back(curveName(index), *extras);
        const float first = output[0];
        model_.nodes[node].scale = {first, first, first};
        addChannel(node, placeOf(index).path, times, output, TINYGLTF_TYPE_VEC3, Interpolation::Step);
    }

    // ---- scene sections ----------------------------------------------------------------------------

    Status addCamera() {
        const int node = addNode(placeOf(cameraCurve(0)).node, -1);
        const int view = addNode("Camera_View", node);
        model_.nodes[view].rotation = {0, 1, 0, 0};  // glTF cameras look down -Z, Unity's down +Z
        tinygltf::Camera camera;
        camera.type = "perspective";
        camera.name = "Head";
        camera.perspective.yfov = radians(options_.verticalFieldOfView);
        camera.perspective.znear = 0.01;
        camera.perspective.zfar = 1000;  // tinygltf always writes zfar
        camera.perspective.aspectRatio = 16.0 / 9.0;
        model_.cameras.push_back(camera);
        model_.nodes[view].camera = int(model_.cameras.size() - 1);
        if (auto s = addCurveChannel(node, cameraCurve(kPositionX), TrackKind::Vector); !s) return s;
        return addCurveChannel(node, cameraCurve(kRotationX), TrackKind::Rotation);
    }

    Status addHand(Hand hand) {
        const std::string name = handNodeName(hand);
        const std::size_t tracked = booleanCurve(trackedCurve(hand)), pinchingCurve = booleanCurve(inputanim::pinchingCurve(hand));
        const int root = addNode(placeOf(tracked).node, -1);
        addBooleanChannel(root, tracked);
        tinygltf::Skin skin;
        skin.name = name + "_Skin";
        skin.skeleton = root;
        for (Joint joint : kJoints) {
            const int node = addNode(jointNodeName(hand, joint), root);
            skin.joints.push_back(node);
            if (auto s = addCurveChannel(node, jointCurve(hand, joint, kPositionX), TrackKind::Vector); !s) return s;
            if (auto s = addCurveChannel(node, jointCurve(hand, joint, kRotationX), TrackKind::Rotation); !s) return s;
        }
        // The pinch marker rides on the thumb tip, so it shows where the pinch happens.
        const int pinching = addNode(placeOf(pinchingCurve).node, skin.joints[indexOf(Joint::ThumbTip)]);
        addBooleanChannel(pinching, pinchingCurve);
        model_.skins.push_back(skin);
        if (options_.meshes) {
            model_.nodes[pinching].mesh = staticMesh("Pinch_Marker", sphere(0.012f), material("Pinch", {1.0, 0.25, 0.2, 1}));
            const int meshNode = addNode(name + "_Mesh", -1);
            model_.nodes[meshNode].mesh = skinnedMesh(name, handGeometry(),
                                                      material(name, hand == Hand::Left ? std::vector<double>{0.35, 0.6, 0.95, 1}
                                                                                                 : std::vector<double>{0.95, 0.6, 0.35, 1}));
            model_.nodes[meshNode].skin = int(model_.skins.size() - 1);
        }
        return Success{};
    }

    Status addGaze() {
        const int node = addNode(placeOf(gazeCurve(0)).node, -1);
        const int direction = addNode(placeOf(gazeCurve(kGazeDirectionX)).node, node);
        if (options_.meshes)
            model_.nodes[direction].mesh = staticMesh("Gaze_Point", sphere(0.015f), material("Gaze", {0.2, 0.9, 0.3, 1}));
        if (auto s = addCurveChannel(node, gazeCurve(0), TrackKind::Vector); !s) return s;
        return addCurveChannel(direction, gazeCurve(kGazeDirectionX), TrackKind::Vector);
    }

    // ---- meshes ------------------------------------------------------------------------------------

    int material(const std::string& name, std::vector<double> color) {
        tinygltf::Material m;
        m.name = name;
        m.pbrMetallicRoughness.baseColorFactor = std::move(color);
        m.pbrMetallicRoughness.metallicFactor = 0;
        m.pbrMetallicRoughness.roughnessFactor = 0.6;
        model_.materials.push_back(m);
        return int(model_.materials.size() - 1);
    }

    tinygltf::Primitive primitive(const SkinnedGeometry& g, int materialIndex) {
        tinygltf::Primitive p;
        const std::size_t vertices = g.positions.size() / 3;
        p.attributes["POSITION"] = addAccessor(g.positions.data(), vertices, TINYGLTF_TYPE_VEC3, kFloat,
                                               TINYGLTF_TARGET_ARRAY_BUFFER, true);
        p.attributes["NORMAL"] = addAccessor(g.normals.data(), vertices, TINYGLTF_TYPE_VEC3, kFloat, TINYGLTF_TARGET_ARRAY_BUFFER);
        p.indices = addAccessor(g.indices.data(), g.indices.size(), TINYGLTF_TYPE_SCALAR,
                                TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
        p.material = materialIndex;
        p.mode = TINYGLTF_MODE_TRIANGLES;
        return p;
    }

    int staticMesh(const std::string& name, const SkinnedGeometry& g, int materialIndex) {
        tinygltf::Mesh mesh;
        mesh.name = name;
        mesh.primitives.push_back(primitive(g, materialIndex));
        model_.meshes.push_back(mesh);
        return int(model_.meshes.size() - 1);
    }

    int skinnedMesh(const std::string& name, const SkinnedGeometry& g, int materialIndex) {
        const int index = staticMesh(name, g, materialIndex);
        tinygltf::Primitive& p = model_.meshes[index].primitives[0];
        const std::size_t vertices = g.positions.size() / 3;
        p.attributes["JOINTS_0"] = addAccessor(g.joints.data(), vertices, TINYGLTF_TYPE_VEC4,
                                               TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE, TINYGLTF_TARGET_ARRAY_BUFFER);
        p.attributes["WEIGHTS_0"] = addAccessor(g.weights.data(), vertices, TINYGLTF_TYPE_VEC4, kFloat, TINYGLTF_TARGET_ARRAY_BUFFER);
        return index;
    }

    // ---- output ------------------------------------------------------------------------------------

    // tinygltf writes the JSON (with the buffer left out of the model: it would copy it several times);
    // the buffer's byteLength is then set in that JSON.
    Result<GlbParts> serialize() {
        tinygltf::TinyGLTF writer;
        std::ostringstream stream;
        // tinygltf 2.7 does not report GLB write errors: write to memory and check the result ourselves.
        if (!writer.WriteGltfSceneToStream(&model_, stream, false, true) || !stream)
            return Error{{}, {}, "tinygltf could not serialise the model"};
        const std::string glb = stream.str();
        std::uint32_t jsonLength = 0;
        if (glb.size() >= 20) std::memcpy(&jsonLength, glb.data() + 12, 4);
        if (glb.size() < 20 || glb.size() - 20 < jsonLength) return Error{{}, {}, "tinygltf wrote an incomplete GLB"};
        GlbParts parts;
        parts.json.assign(glb, 20, jsonLength);
        while (!parts.json.empty() && parts.json.back() == ' ') parts.json.pop_back();
        if (!buffer_.empty()) {
            // tinygltf's own JSON writer (nlohmann::json, keys sorted, compact): the same text, byteLength set.
            auto json = nlohmann::json::parse(parts.json, nullptr, false);
            if (json.is_discarded() || !json.contains("buffers")) return Error{{}, {}, "tinygltf wrote JSON without the buffer"};
            json["buffers"][0]["byteLength"] = buffer_.size();
            parts.json = json.dump();
            parts.bin = std::move(buffer_);
        }
        report_.jsonBytes = parts.json.size();
        return parts;
    }

    const Recording& recording_;
    const ExportOptions& options_;
    ExportReport& report_;
    TrackOptions trackOptions_;
    tinygltf::Model model_;
    tinygltf::Animation animation_;
    std::vector<std::uint8_t> buffer_;
    std::map<std::string, int> timeAccessors_;
    std::vector<std::pair<std::string, nlohmann::ordered_json>> curveExtras_;
};

// The GLB's JSON as .gltf text whose buffer is a URI (a file name beside it, or a base64 data URI).
Result<std::string> gltfJson(const std::string& glbJson, const std::string& bufferUri) {
    auto json = nlohmann::ordered_json::parse(glbJson, nullptr, false);
    if (json.is_discarded()) return Error{{}, {}, "internal: the GLB's JSON chunk does not parse"};
    if (json.contains("buffers") && !json["buffers"].empty()) json["buffers"][0]["uri"] = bufferUri;
    return json.dump(1);
}

}  // namespace

Result<std::vector<std::uint8_t>> exportGlb(const Recording& recording, const ExportOptions& options, ExportReport* report) {
    ExportReport local;
    auto parts = ModelBuilder(recording, options, report ? *report : local).build();
    if (!parts) return parts.error();
    const GlbFraming framing = framingOf(*parts);
    std::vector<std::uint8_t> glb;
    for (auto piece : glbPieces(*parts, framing)) glb.insert(glb.end(), piece.begin(), piece.end());
    return glb;
}

Result<std::vector<StagedFile>> stageGltf(const Recording& recording, const std::string& path, GltfContainer container,
                                          const ExportOptions& options, Overwrite overwrite, ExportReport* report) {
    ExportReport local;
    ExportReport& r = report ? *report : local;
    auto parts = ModelBuilder(recording, options, r).build();
    if (!parts) return Error{{}, {}, parts.error().message, ErrorKind::NotRepresentable};  // the caller names the input
    std::vector<StagedFile> staged;
    auto stage = [&](const std::string& file, std::span<const std::span<const std::uint8_t>> pieces) -> Status {
        auto written = stageFile(file, pieces, overwrite);
        if (!written) return written.error();
        staged.push_back(std::move(*written));
        r.writtenFiles.push_back(file);
        return Success{};
    };
    if (container == GltfContainer::Glb) {
        const GlbFraming framing = framingOf(*parts);
        if (auto s = stage(path, glbPieces(*parts, framing)); !s) return s.error();
        return staged;
    }
    std::string uri;
    std::string binPath;
    if (container == GltfContainer::GltfEmbedded) {
        uri = "data:application/octet-stream;base64," + base64Encode(parts->bin);
    } else if (!parts->bin.empty()) {
        binPath = std::filesystem::path(path).replace_extension(".bin").string();
        uri = uriEncode(std::filesystem::path(binPath).filename().string());
    }
    auto json = gltfJson(parts->json, uri);
    if (!json) return json.error();
    if (!binPath.empty()) {
        const std::span<const std::uint8_t> bin[] = {parts->bin};
        if (auto s = stage(binPath, bin); !s) {
            Error error = s.error();
            if (error.message.rfind("exists (", 0) == 0) error.message = "exists (the .gltf's buffer; use --force to overwrite)";
            return error;
        }
    }
    const std::span<const std::uint8_t> text[] = {{reinterpret_cast<const std::uint8_t*>(json->data()), json->size()}};
    if (auto s = stage(path, text); !s) return s.error();
    return staged;  // the .bin first: the .gltf appears only after it
}

Status writeGltf(const Recording& recording, const std::string& path, GltfContainer container, const ExportOptions& options,
                 ExportReport* report) {
    auto staged = stageGltf(recording, path, container, options, Overwrite::Replace, report);
    if (!staged) return staged.error();
    return commitInOrder(*staged);
}

}  // namespace inputanim
