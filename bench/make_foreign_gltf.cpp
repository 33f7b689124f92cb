// Writes a Blender-style glTF of a recording for benchmarks: per hand an armature whose bones are chained
// (wrist -> metacarpal -> proximal -> ... -> tip), OpenXR-style names with .L/.R, local transforms resampled
// at 60 Hz as LINEAR channels.
// Usage: make_foreign_gltf IN.bin OUT.glb
#include <tiny_gltf.h>

#include <cstring>
#include <fstream>
#include <glm/gtc/quaternion.hpp>
#include <iostream>
#include <sstream>

#include "inputanim/binary_format.hpp"
#include "inputanim/file_io.hpp"
#include "inputanim/sampling.hpp"
#include "inputanim/summary.hpp"

using namespace inputanim;

namespace {
const char* kNames[kJointCount] = {nullptr, "Wrist", "Palm", "ThumbMetacarpal", "ThumbProximal", "ThumbDistal", "ThumbTip",
                                   "IndexMetacarpal", "IndexProximal", "IndexIntermediate", "IndexDistal", "IndexTip",
                                   "MiddleMetacarpal", "MiddleProximal", "MiddleIntermediate", "MiddleDistal", "MiddleTip",
                                   "RingMetacarpal", "RingProximal", "RingIntermediate", "RingDistal", "RingTip",
                                   "LittleMetacarpal", "LittleProximal", "LittleIntermediate", "LittleDistal", "LittleTip"};
int parentJoint(int joint) {
    if (joint <= 2) return joint == 2 ? 1 : -1;       // Palm under Wrist; Wrist under the armature
    if (joint == 3 || (joint >= 7 && (joint - 7) % 5 == 0)) return 1;  // metacarpals under Wrist
    return joint - 1;
}

struct Writer {
    tinygltf::Model model;
    std::vector<std::uint8_t> data;
    int accessor(const std::vector<float>& v, int type, bool minMax) {
        tinygltf::BufferView view;
        view.buffer = 0;
        view.byteOffset = data.size();
        view.byteLength = v.size() * 4;
        const auto* p = reinterpret_cast<const std::uint8_t*>(v.data());
        data.insert(data.end(), p, p + view.byteLength);
        model.bufferViews.push_back(view);
        tinygltf::Accessor a;
        a.bufferView = int(model.bufferViews.size() - 1);
        a.componentType = TINYGLTF_COMPONENT_TYPE_FLOAT;
        a.type = type;
        a.count = v.size() / std::size_t(tinygltf::GetNumComponentsInType(std::uint32_t(type)));
        if (minMax) a.minValues = {v.front()}, a.maxValues = {v.back()};
        model.accessors.push_back(a);
        return int(model.accessors.size() - 1);
    }
};
}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) return std::cerr << "usage: make_foreign_gltf IN.bin OUT.glb\n", 1;
    auto bytes = readFile(argv[1]);
    if (!bytes) return std::cerr << bytes.error().describe() << "\n", 1;
    auto recording = readRecording(*bytes, argv[1]);
    if (!recording) return std::cerr << recording.error().describe() << "\n", 1;
    const double duration = summarize(*recording).duration;
    std::vector<float> times;
    for (double t = 0; t <= duration; t += 1.0 / 60) times.push_back(float(t));

    Writer w;
    w.model.asset.version = "2.0";
    w.model.asset.generator = "inputanim bench (Blender-style rig)";
    w.model.scenes.emplace_back();
    w.model.buffers.emplace_back();
    tinygltf::Animation animation;
    animation.name = "Action";
    const int input = w.accessor(times, TINYGLTF_TYPE_SCALAR, true);
    for (Hand hand : {Hand::Left, Hand::Right}) {
        const std::string suffix = hand == Hand::Left ? ".L" : ".R";
        tinygltf::Node armature;
        armature.name = std::string("Armature") + suffix;
        w.model.nodes.push_back(armature);
        const int root = int(w.model.nodes.size() - 1);
        w.model.scenes[0].nodes.push_back(root);
        int nodeOf[kJointCount];
        for (int j = 1; j < kJointCount; ++j) {
            tinygltf::Node bone;
            bone.name = kNames[j] + suffix;
            w.model.nodes.push_back(bone);
            nodeOf[j] = int(w.model.nodes.size() - 1);
            w.model.nodes[parentJoint(j) < 0 ? root : nodeOf[parentJoint(j)]].children.push_back(nodeOf[j]);
        }
        for (int j = 1; j < kJointCount; ++j) {
            std::vector<float> translations, rotations;
            for (float t : times) {
                auto worldOf = [&](int joint) {
                    const PoseSample p = samplePose(*recording, jointCurve(hand, joint, 0), t, Coordinates::Gltf);
                    return std::pair{glm::dvec3(p.position[0], p.position[1], p.position[2]),
                                     glm::dquat(p.rotation[3], p.rotation[0], p.rotation[1], p.rotation[2])};
                };
                auto [position, rotation] = worldOf(j);
                if (parentJoint(j) >= 0) {  // local = parent^-1 * world
                    const auto [parentPosition, parentRotation] = worldOf(parentJoint(j));
                    const glm::dquat inverse = glm::inverse(parentRotation);
                    position = inverse * (position - parentPosition);
                    rotation = inverse * rotation;
                }
                translations.insert(translations.end(), {float(position.x), float(position.y), float(position.z)});
                rotations.insert(rotations.end(), {float(rotation.x), float(rotation.y), float(rotation.z), float(rotation.w)});
            }
            for (const auto& [path, values] : {std::pair{"translation", translations}, std::pair{"rotation", rotations}}) {
                tinygltf::AnimationSampler sampler;
                sampler.input = input;
                sampler.output = w.accessor(values, std::string(path) == "rotation" ? TINYGLTF_TYPE_VEC4 : TINYGLTF_TYPE_VEC3, false);
                sampler.interpolation = "LINEAR";
                animation.samplers.push_back(sampler);
                tinygltf::AnimationChannel channel;
                channel.sampler = int(animation.samplers.size() - 1);
                channel.target_node = nodeOf[j];
                channel.target_path = path;
                animation.channels.push_back(channel);
            }
        }
    }
    w.model.animations.push_back(animation);
    w.model.buffers[0].data = std::move(w.data);
    std::ostringstream stream;
    tinygltf::TinyGLTF writer;
    if (!writer.WriteGltfSceneToStream(&w.model, stream, false, true)) return std::cerr << "write failed\n", 1;
    const std::string out = stream.str();
    if (auto s = writeFileAtomically(argv[2], {reinterpret_cast<const std::uint8_t*>(out.data()), out.size()}); !s)
        return std::cerr << s.error().describe() << "\n", 1;
    return 0;
}
