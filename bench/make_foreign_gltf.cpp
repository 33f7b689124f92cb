// Writes a Blender-style glTF of a recording for benchmarks: per hand an armature whose bones are chained
// (wrist -> metacarpal -> proximal -> ... -> tip), OpenXR-style names with .L/.R, local transforms resampled
// at 60 Hz as LINEAR channels.
// Usage: make_foreign_gltf IN.bin OUT.glb
#include <tiny_gltf.h>

#include <glm/gtc/quaternion.hpp>
#include <iostream>

#include "inputanim/mrtk/binary_format.hpp"
#include "inputanim/io/file_io.hpp"
#include "inputanim/core/playback.hpp"
#include "inputanim/analysis/summary.hpp"
#include "support/foreign_gltf.hpp"

using namespace inputanim;

namespace {
const char* kNames[kJointCount] = {nullptr,
                                   "Wrist",
                                   "Palm",
                                   "ThumbMetacarpal",
                                   "ThumbProximal",
                                   "ThumbDistal",
                                   "ThumbTip",
                                   "IndexMetacarpal",
                                   "IndexProximal",
                                   "IndexIntermediate",
                                   "IndexDistal",
                                   "IndexTip",
                                   "MiddleMetacarpal",
                                   "MiddleProximal",
                                   "MiddleIntermediate",
                                   "MiddleDistal",
                                   "MiddleTip",
                                   "RingMetacarpal",
                                   "RingProximal",
                                   "RingIntermediate",
                                   "RingDistal",
                                   "RingTip",
                                   "LittleMetacarpal",
                                   "LittleProximal",
                                   "LittleIntermediate",
                                   "LittleDistal",
                                   "LittleTip"};
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

    ForeignModel m;
    m.model.asset.generator = "inputanim bench (Blender-style rig)";
    m.model.animations[0].name = "Action";
    for (Hand hand : {Hand::Left, Hand::Right}) {
        const std::string suffix = hand == Hand::Left ? ".L" : ".R";
        const int root = m.node(std::string("Armature") + suffix, -1);
        int nodeOf[kJointCount];
        for (int j = 1; j < kJointCount; ++j)
            nodeOf[j] =
                m.node(kNames[j] + suffix, !parentJoint(Joint(j)) ? root : nodeOf[indexOf(*parentJoint(Joint(j)))]);
        for (int j = 1; j < kJointCount; ++j) {
            std::vector<float> translations, rotations;
            for (float t : times) {
                auto worldOf = [&](int joint) {
                    const PoseSample p =
                        samplePose(*recording, jointCurve(hand, Joint(joint), 0), t, Coordinates::Gltf);
                    return std::pair{glm::dvec3(p.position[0], p.position[1], p.position[2]),
                                     glm::dquat(p.rotation[3], p.rotation[0], p.rotation[1], p.rotation[2])};
                };
                auto [position, rotation] = worldOf(j);
                if (const auto parent = parentJoint(Joint(j))) {  // local = parent^-1 * world
                    const auto [parentPosition, parentRotation] = worldOf(indexOf(*parent));
                    const glm::dquat inverse = glm::inverse(parentRotation);
                    position = inverse * (position - parentPosition);
                    rotation = inverse * rotation;
                }
                translations.insert(translations.end(), {float(position.x), float(position.y), float(position.z)});
                rotations.insert(rotations.end(),
                                 {float(rotation.x), float(rotation.y), float(rotation.z), float(rotation.w)});
            }
            m.channel(nodeOf[j], "translation", times, translations);
            m.channel(nodeOf[j], "rotation", times, rotations);
        }
    }
    const auto glb = m.glb();
    if (auto s = writeFileAtomically(argv[2], glb); !s) return std::cerr << s.error().describe() << "\n", 1;
    return 0;
}
