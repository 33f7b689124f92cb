#include "inputanim/gltf/export.hpp"

#include <tiny_gltf.h>

#include <algorithm>
#include <cmath>
#include <utility>
#include <type_traits>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "inputanim/tracks/curve_tracks.hpp"
#include "extras.hpp"
#include "glb.hpp"
#include "json_text.hpp"
#include "hand_hierarchy.hpp"
#include "mesh_geometry.hpp"
#include "model_writer.hpp"
#include "profile.hpp"
#include "rig_rest.hpp"
#include "uri.hpp"
#include "inputanim/core/lanes.hpp"
#include "inputanim/core/coordinates.hpp"
#include "inputanim/core/curve.hpp"
#include "inputanim/core/finding.hpp"
#include "inputanim/core/math.hpp"
#include "inputanim/tracks/portable_knots.hpp"
#include "inputanim/tracks/track_builder.hpp"
#include "inputanim/gltf/profile_names.hpp"

namespace inputanim {

namespace {

// out[i] = signs[i % n] * values[i] for `size` floats (n components a knot, 3 or 4): where there are lanes, 4n floats
// a step (n vectors, each with its own pattern of signs), the rest one by one.
INPUTANIM_OWN_FUNCTION void scaleComponents(const float* values, std::size_t size, int n, const float* signs,
                                            float* out) {
    std::size_t i = 0;
#if INPUTANIM_LANES
    Floats4 patterns[4];
    for (int v = 0; v < n; ++v)
        for (int lane = 0; lane < 4; ++lane) patterns[v][lane] = signs[(4 * v + lane) % n];
    for (const std::size_t step = 4 * std::size_t(n); i + step <= size; i += step)
        for (int v = 0; v < n; ++v) storeLanes(out + i + 4 * v, loadLanes<Floats4>(values + i + 4 * v) * patterns[v]);
#endif
    for (; i < size; ++i) out[i] = signs[i % std::size_t(n)] * values[i];
}

class ModelBuilder : ModelWriter {
public:
    ModelBuilder(const Recording& recording, const ExportOptions& options, ExportReport& report)
        : ModelWriter(report), recording_(recording), options_(options), budget_(recording) {
        trackOptions_.duration = summarizeDuration();
        trackOptions_.tolerances = options.tolerances;
        trackOptions_.linearOnly = options.linearOnly;
        // Unrolling and densifying may multiply keys, but within the recording's budget (budget_): a tiny file claiming
        // a long loop of a short curve, or wild weighted keys, is refused rather than fitted for minutes.
        trackOptions_.maxKnots = trackOptions_.maxEvents = options.maxKnotsPerTrack;
        std::size_t keys = 0;
        for (const Curve& curve : recording.curves) keys += curve.keys.size();
        // Each key becomes about one float of output (times are shared within a channel), MRTK-reduced keys up to
        // one and a half (fitting adds knots between them), and each hand its mesh: reserved once rather than grown
        // by copying.
        buffer_.reserve((options.animation ? keys * sizeof(float) * 3 / 2 : 0) +
                        (options.meshes ? 2 * handMeshBytes() : 0) + (64 << 10));
    }

    // The model's JSON and buffer; `bufferUri` makes the buffer's uri from its bytes (none for a GLB).
    template <class BufferUri>
    Result<GlbParts> build(BufferUri&& bufferUri, Digests digests) {
        if (auto problem = invalidMarkerName(recording_)) return Error::malformed(*problem);
        if (options_.rig == Rig::Hierarchy && recording_.hasHandData && options_.animation)  // on the other core
            rightSkeleton_.emplace(recording_, Hand::Right, trackOptions_, budget_, handGrid());
        if (recording_.hasCameraPose)
            if (auto s = addCamera(); !s) return s.error();
        if (recording_.hasHandData)
            for (Hand hand : {Hand::Left, Hand::Right})
                if (auto s = addHand(hand); !s) return s.error();
        if (recording_.hasEyeGaze)
            if (auto s = addGaze(); !s) return s.error();
        // glTF animations need at least one channel: a file with no keys keeps its extras on the scene.
        if (!animation_.channels.empty()) model_.animations.push_back(std::move(animation_));
        if (keepsWayBack(options_))
            setExtras(model_.animations.empty() ? model_.scenes[0].extras : model_.animations[0].extras,
                      extrasText(recording_, trackOptions_.duration, options_.rig == Rig::Hierarchy, curveExtras_));
        report_.bufferBytes = report_.uncompressedBytes = buffer_.size();
        // A file without data has no buffer: an empty one is not valid glTF.
        if (buffer_.empty()) model_.buffers.clear();
        else if (options_.compress)
            if (auto s = compress(); !s) return s.error();
        return serialize(bufferUri(std::as_const(buffer_)),
                         assetPacket(options_.provenance, options_.sourceSha256, buffer_, digests == Digests::Later));
    }

private:
    // MRTK's end of the recording, and which curves need no second look when their tracks are built.
    double summarizeDuration() {
        timeRange(recording_, &validCurves_);
        return playbackDuration(recording_);
    }

    // A vector or rotation channel from consecutive curves of the flat table; no channel when all are empty.
    Status addCurveChannel(int node, std::size_t firstCurve, TrackKind kind) {
        if (!options_.animation) return Success{};
        const int n = kind == TrackKind::Rotation ? 4 : 3;
        TrackOptions options = trackOptions_;
        options.holdFromZero = true;  // Blender's exporter fails on an object's animation starting between frames
        options.curvesChecked =
            std::all_of(validCurves_.begin() + std::ptrdiff_t(firstCurve),
                        validCurves_.begin() + std::ptrdiff_t(firstCurve) + n, [](bool valid) { return valid; });
        auto track = trackOfCurves(recording_, firstCurve, kind, options, &budget_);
        if (!track) return track.error();
        if (!*track) {
            noteEmptyCurveExtras(firstCurve, n);
            return Success{};
        }
        const Track& built = **track;
        // The builder's bound: exact for copied keys (rotations: slerp against nlerp, proven), measured where the
        // error is largest for fitted spans.
        const double error = built.maxError;
        double& worst = kind == TrackKind::Rotation ? report_.maxRotationError : report_.maxPositionError;
        worst = std::max(worst, error);
        for (int c = 0; c < n; ++c) noteCurveExtras(firstCurve + c, recording_.curves[firstCurve + c], built, c);

        float signs[4];
        for (int c = 0; c < n; ++c) signs[c] = placeOf(firstCurve + c).sign;
        const std::size_t count = built.times.size();
        const bool cubic = built.interpolation == Interpolation::CubicSpline;
        addChannel(node, placeOf(firstCurve).path, built.times, count * (cubic ? 3 : 1),
                   kind == TrackKind::Rotation ? TINYGLTF_TYPE_VEC4 : TINYGLTF_TYPE_VEC3, built.interpolation,
                   [&](float* out) {
                       if (!cubic) return scaleComponents(built.values.data(), count * n, n, signs, out);
                       for (std::size_t k = 0; k < count; ++k)
                           for (int c = 0; c < n; ++c) {
                               out[3 * k * n + c] = signs[c] * built.inTangents[k * n + c];
                               out[3 * k * n + n + c] = signs[c] * built.values[k * n + c];
                               out[3 * k * n + 2 * n + c] = signs[c] * built.outTangents[k * n + c];
                           }
                       // glTF asks for a zero in-tangent on the first key and a zero out-tangent on the last.
                       for (int c = 0; c < n && count > 0; ++c) out[c] = 0, out[3 * count * n - n + c] = 0;
                   });
        return Success{};
    }

    // The extras `extrasOf()` gives curve `index`, if any, noted for extras.inputanim; nothing is made without them.
    template <class ExtrasOf>
    void noteExtras(std::size_t index, ExtrasOf&& extrasOf) {
        if (!keepsWayBack(options_)) return;
        if (auto extras = extrasOf()) curveExtras_.emplace_back(curveName(index), std::move(*extras));
    }

    // Consecutive curves without a channel: only odd wrap modes need keeping.
    void noteEmptyCurveExtras(std::size_t firstCurve, int n) {
        for (int c = 0; c < n; ++c)
            noteExtras(firstCurve + c, [&] { return emptyCurveExtrasFor(recording_.curves[firstCurve + c]); });
    }

    void noteCurveExtras(std::size_t index, const Curve& curve, const Track& track, int component, float sign = 1) {
        noteExtras(index, [&] { return curveExtrasFor(curve, track, component, sign); });
    }

    // A Boolean as a STEP scale channel: (1,1,1) true, (0,0,0) false. Keys before 0 count at 0. Its steps are made
    // portable (portableSteps), as every STEP track's: a client that plays it LINEAR switches within a Float32 step.
    // `restOn`: the node rests at scale 1 whatever the state plays (a hand ever tracked: its bounds at rest hold it).
    void addBooleanChannel(int node, std::size_t index, bool restOn = false) {
        const Curve& curve = recording_.curves[index];
        std::vector<float> times, output;
        std::vector<std::size_t> keyKnots;
        for (const Key& key : curve.keys) {
            if (!std::isfinite(key.time)) continue;
            const float t = std::max(0.0f, key.time);
            const float v = booleanOn(key.value) ? profile::kStateOn : profile::kStateOff;
            if (!times.empty() && t <= times.back()) {
                if (t != times.back()) continue;
                output.resize(output.size() - 3), times.pop_back(), keyKnots.pop_back();  // the later key wins
            }
            keyKnots.push_back(times.size());
            times.push_back(t);
            output.insert(output.end(), {v, v, v});
        }
        if (times.empty()) {
            noteExtras(index, [&] { return booleanExtrasFor(curve, keyKnots, 0); });
            restScale(node, 0);  // an empty Boolean curve plays back as false
            return;
        }
        // End at the recording's end: Blender samples an action only up to its last whole frame, which
        // would drop a final switch that falls between frames.
        if (const float end = float(trackOptions_.duration); end > times.back()) {
            times.push_back(end);
            output.insert(output.end(), output.end() - 3, output.end());
        }
        Track steps;
        steps.interpolation = Interpolation::Step, steps.components = 3;
        steps.times = std::move(times), steps.values = std::move(output);
        std::vector<std::size_t> kept;
        portableSteps(steps, &kept);
        for (std::size_t& knot : keyKnots) knot = kept[knot];
        noteExtras(index, [&] { return booleanExtrasFor(curve, keyKnots, steps.times.size()); });
        restScale(node, restOn ? 1 : steps.values[0]);
        if (options_.animation)
            addChannel(node, placeOf(index).path, steps.times, steps.values, TINYGLTF_TYPE_VEC3, Interpolation::Step);
    }

    // A scale 0 leaves a node's rotation to be derived by clients that decompose its matrix (Assimp turns it by
    // 180 degrees): it is written.
    void restScale(int node, double scale) {
        if (scale == 1) return;
        model_.nodes[node].scale = {scale, scale, scale};
        if (model_.nodes[node].rotation.empty()) model_.nodes[node].rotation = {0, 0, 0, 1};
    }

    // ---- scene sections ----------------------------------------------------------------------------

    Status addCamera() {
        const int node = addNode(placeOf(cameraCurve(0)).node, -1);
        const int view = addNode(std::string(profile::kCameraView), node);
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
        const std::size_t tracked = booleanCurve(trackedCurve(hand)),
                          pinchingCurve = booleanCurve(inputanim::pinchingCurve(hand));
        const int root = addNode(placeOf(tracked).node, -1);
        const Curve& trackedKeys = recording_.curves[tracked];
        bool everTracked = false;  // a hand never tracked rests unseen, as it plays
        for (std::size_t k = 0; k < trackedKeys.keys.size() && !everTracked; ++k)
            everTracked = booleanOn(trackedKeys.keys.value(k));
        addBooleanChannel(root, tracked, everTracked);
        const bool hierarchy = options_.rig == Rig::Hierarchy;
        // The rest pose: the skeleton's static transforms and the skin's bind pose (glTF space).
        const HandPose rest = rigRestPose(recording_, hand);
        // A compressed archive holds one hand mesh, the model's, for both hands: each hand's skin fits it to the
        // hand's bones (its bind matrices carry fitMoves, and the right hand's the mirror too), as handMesh fits it
        // once for a plain file. A skin moves a vertex by its joints' matrices blended, so at rest the two agree.
        const bool oneMesh = options_.meshes && options_.compress;
        const auto fit = oneMesh ? fitMoves(hand, rest) : std::array<glm::dmat4, kJointCount>{};
        const glm::dmat4 mirror = hand == Hand::Right ? kMirrorX : glm::dmat4(1);
        // A flat rig rests where the hand is first tracked (its skin binds there: the same playback); the hierarchy
        // rig, Blender's, at the origin.
        const glm::dmat4 placed = hierarchy ? glm::dmat4(1) : restPlacement(recording_, hand, rest);
        std::array<glm::dmat4, kJointCount> restWorld;
        std::vector<int> nodes;  // by joint index
        std::vector<float> inverseBinds;
        tinygltf::Skin skin;  // every joint but None, which is no bone of the hand (MRTK leaves it at the origin)
        skin.name = name + "_Skin";
        skin.skeleton = root;
        for (Joint joint : kJoints) {
            const auto parent = joint == Joint::None || !hierarchy ? std::nullopt : parentJoint(joint);
            const int node = addNode(jointNodeName(hand, joint), parent ? nodes[indexOf(*parent)] : root);
            nodes.push_back(node);
            restWorld[indexOf(joint)] =
                joint == Joint::None ? glm::dmat4(1) : placed * gltfMatrix(rest[indexOf(joint)]);
            setTransform(node, parent ? glm::inverse(restWorld[indexOf(*parent)]) * restWorld[indexOf(joint)]
                                      : restWorld[indexOf(joint)]);
            if (joint == Joint::None) continue;
            skin.joints.push_back(node);
            // The shared mesh stays the model's: its skin places it with the joints (their rest times the inverse).
            const glm::mat4 inverse(oneMesh
                                        ? glm::inverse(gltfMatrix(rest[indexOf(joint)])) * fit[indexOf(joint)] * mirror
                                        : glm::inverse(restWorld[indexOf(joint)]));
            inverseBinds.insert(inverseBinds.end(), &inverse[0][0], &inverse[0][0] + 16);
        }
        skin.inverseBindMatrices = addAccessor(inverseBinds.data(), skin.joints.size(), TINYGLTF_TYPE_MAT4, kFloat, 0);
        if (auto s = hierarchy ? addHierarchyChannels(hand, nodes) : addFlatChannels(hand, nodes); !s) return s;
        // The pinch marker rides on the thumb tip, so it shows where the pinch happens.
        const int pinching = addNode(placeOf(pinchingCurve).node, nodes[indexOf(Joint::ThumbTip)]);
        addBooleanChannel(pinching, pinchingCurve);
        model_.skins.push_back(skin);
        if (options_.meshes) {
            model_.nodes[pinching].mesh =
                staticMesh("Pinch_Marker", sphere(0.012f).view(), material("Pinch", {1.0, 0.25, 0.2, 1}));
            const int meshNode = addNode(name + std::string(profile::kMeshSuffix), -1);
            model_.nodes[meshNode].mesh =
                skinnedMesh(name, oneMesh ? sharedHandMesh(hand) : handMesh(hand, rest, placed).view(),
                            material(name, hand == Hand::Left ? std::vector<double>{0.35, 0.6, 0.95, 1}
                                                              : std::vector<double>{0.95, 0.6, 0.35, 1}));
            model_.nodes[meshNode].skin = int(model_.skins.size() - 1);
        }
        return Success{};
    }

    // A joint's world pose as its own channels.
    Status addFlatJointChannels(int node, Hand hand, Joint joint) {
        if (auto s = addCurveChannel(node, jointCurve(hand, joint, kPositionX), TrackKind::Vector); !s) return s;
        return addCurveChannel(node, jointCurve(hand, joint, kRotationX), TrackKind::Rotation);
    }

    Status addFlatChannels(Hand hand, const std::vector<int>& nodes) {
        for (Joint joint : kJoints)
            if (auto s = addFlatJointChannels(nodes[indexOf(joint)], hand, joint); !s) return s;
        return Success{};
    }

    // The way back (extras.inputanim) composes a hand at one grid; without it, each joint has its own (fewer knots).
    HandGrid handGrid() const { return options_.extras ? HandGrid::Shared : HandGrid::PerJoint; }

    // Each joint's local transforms at the hand's grid (None stays flat); curve extras from the world poses that
    // composing them gives back.
    Status addHierarchyChannels(Hand hand, const std::vector<int>& nodes) {
        if (!options_.animation) return Success{};
        if (auto s = addFlatJointChannels(nodes[indexOf(Joint::None)], hand, Joint::None); !s) return s;
        auto built = hand == Hand::Right && rightSkeleton_
                         ? rightSkeleton_->take(budget_)
                         : buildHandHierarchy(recording_, hand, trackOptions_, budget_, handGrid());
        if (!built) return built.error();
        const HandHierarchy& h = *built;
        report_.maxPositionError = std::max(report_.maxPositionError, h.maxPositionError);
        report_.maxRotationError = std::max(report_.maxRotationError, h.maxRotationError);
        for (Joint joint : kJoints) {
            if (joint == Joint::None) continue;
            const int j = indexOf(joint);
            for (int kind = 0; kind < 2; ++kind) {
                const std::size_t first = jointCurve(hand, joint, kind == 0 ? kPositionX : kRotationX);
                const int n = kind == 0 ? 3 : 4;
                if (h.locals.empty()) {  // no joint of the hand has keys
                    noteEmptyCurveExtras(first, n);
                    continue;
                }
                const Track& world = kind == 0 ? h.world.position[j] : h.world.rotation[j];
                for (int c = 0; c < n; ++c)
                    noteCurveExtras(first + c, recording_.curves[first + c], world, c, placeOf(first + c).sign);
                const auto& times = kind == 0 && !h.locals.translationTimes[j].empty() ? h.locals.translationTimes[j]
                                                                                       : h.locals.times[j];
                addChannel(nodes[j], kind == 0 ? "translation" : "rotation", times,
                           kind == 0 ? h.locals.translation[j] : h.locals.rotation[j],
                           kind == 0 ? TINYGLTF_TYPE_VEC3 : TINYGLTF_TYPE_VEC4, Interpolation::Linear);
            }
        }
        return Success{};
    }

    // The gaze point rests where the recording's gaze starts (its ray at 0 s), so that clients framing or culling by
    // the rest pose find it near the hands rather than at the origin; the channels play over it.
    Status addGaze() {
        const int node = addNode(placeOf(gazeCurve(0)).node, -1);
        const int direction = addNode(placeOf(gazeCurve(kGazeDirectionX)).node, node);
        for (auto [index, first] : {std::pair{node, kGazeOriginX}, std::pair{direction, kGazeDirectionX}}) {
            std::vector<double> rest(3);
            for (int c = 0; c < 3; ++c)
                rest[c] = double(float(evaluate(recording_.curves[gazeCurve(first + c)], 0.0))) * kGltfPositionSigns[c];
            if (rest != std::vector<double>(3, 0.0)) model_.nodes[index].translation = rest;
        }
        if (options_.meshes)
            model_.nodes[direction].mesh =
                staticMesh("Gaze_Point", sphere(0.015f).view(), material("Gaze", {0.2, 0.9, 0.3, 1}));
        if (auto s = addCurveChannel(node, gazeCurve(0), TrackKind::Vector); !s) return s;
        return addCurveChannel(direction, gazeCurve(kGazeDirectionX), TrackKind::Vector);
    }

    const Recording& recording_;
    const ExportOptions& options_;
    TrackOptions trackOptions_;
    KnotBudget budget_;
    std::optional<HandHierarchyAhead> rightSkeleton_;
    std::vector<bool> validCurves_;  // by curve index: what timeRange saw of each
    std::vector<std::pair<std::string, std::string>> curveExtras_;  // a curve's name, its extras as JSON text
};

// The model and its buffer, the buffer's uri made by `bufferUri` (none for a GLB). Curves the profile cannot play
// are NotRepresentable (the caller names the input).
template <class BufferUri>
Result<GlbParts> buildModel(const Recording& recording, const ExportOptions& options, ExportReport* report,
                            BufferUri&& bufferUri, Digests digests = Digests::Now) {
    Reported<ExportReport> reported(report);
    auto parts = ModelBuilder(recording, options, *reported).build(bufferUri, digests);
    if (parts) return parts;
    Error error = parts.error();
    if (error.kind == ErrorKind::Malformed) error.kind = ErrorKind::NotRepresentable;
    return error;
}

Result<GlbParts> buildGlbModel(const Recording& recording, const ExportOptions& options, ExportReport* report,
                               Digests digests) {
    return buildModel(
        recording, options, report, [](const ByteBuffer&) { return std::string(); }, digests);
}

}  // namespace

Result<GlbBytes> exportGlbBytes(const Recording& recording, const ExportOptions& options, ExportReport* report,
                                Digests digests) {
    auto parts = buildGlbModel(recording, options, report, digests);
    if (!parts) return parts.error();
    const GlbFraming framing = framingOf(*parts);
    const auto pieces = glbPieces(*parts, framing);
    // Every piece before the buffer goes into the head, the buffer's padding into the tail; the buffer is moved.
    const bool hasBin = !parts->bin.empty();
    GlbBytes glb;
    for (auto piece : std::span(pieces).first(hasBin ? pieces.size() - 2 : pieces.size()))
        glb.head.insert(glb.head.end(), piece.begin(), piece.end());
    if (hasBin) glb.tail.assign(pieces.back().begin(), pieces.back().end());
    glb.jsonOffset = framing.head.size();
    glb.jsonLength = parts->json.size();
    glb.bin = std::move(parts->bin);
    glb.packetAt = glb.jsonOffset + parts->packetAt;
    glb.latePacket = std::move(parts->latePacket);
    return glb;
}

Result<std::vector<std::uint8_t>> exportGlb(const Recording& recording, const ExportOptions& options,
                                            ExportReport* report) {
    auto parts = exportGlbBytes(recording, options, report);
    if (!parts) return parts.error();
    std::vector<std::uint8_t> glb;
    glb.reserve(parts->head.size() + parts->bin.size() + parts->tail.size());  // one allocation for a large file
    for (std::span<const std::uint8_t> part : {std::span(parts->head), std::span(parts->bin), std::span(parts->tail)})
        glb.insert(glb.end(), part.begin(), part.end());
    return glb;
}

Result<GltfText> exportGltfText(const Recording& recording, const ExportOptions& options,
                                const std::optional<std::string>& bufferFile, ExportReport* report) {
    Reported<ExportReport> r(report);
    auto parts = buildModel(recording, options, &*r, [&](const ByteBuffer& buffer) {
        return bufferFile ? uriEncode(*bufferFile) : "data:application/octet-stream;base64," + base64Encode(buffer);
    });
    if (!parts) return parts.error();
    GltfText text;
    text.json = prettyJson(parts->json);
    r->jsonBytes = text.json.size();
    if (bufferFile) text.buffer = std::move(parts->bin);
    return text;
}

}  // namespace inputanim
