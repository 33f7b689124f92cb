// glTF files as other tools write them, built in code (tests and benchmarks).
#pragma once

#include <tiny_gltf.h>

#include <algorithm>
#include <map>
#include <optional>
#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

inline std::vector<std::uint8_t> glbOf(const tinygltf::Model& model) {
    std::ostringstream stream;
    tinygltf::TinyGLTF writer;
    if (!writer.WriteGltfSceneToStream(&model, stream, false, true))
        throw std::runtime_error("tinygltf could not write");
    const std::string s = stream.str();
    return {s.begin(), s.end()};
}

// Builds glTF files the way other tools write them: named nodes, float accessors, animation channels.
struct ForeignModel {
    tinygltf::Model model;
    std::vector<std::uint8_t> data;

    ForeignModel() {
        model.asset.version = "2.0";
        model.scenes.emplace_back();
        model.animations.emplace_back();
        model.buffers.emplace_back();
    }
    int node(const std::string& name, int parent, glm::dvec3 translation = glm::dvec3(0),
             glm::dquat rotation = glm::dquat(1, 0, 0, 0)) {
        tinygltf::Node n;
        n.name = name;
        if (translation != glm::dvec3(0)) n.translation = {translation.x, translation.y, translation.z};
        if (rotation != glm::dquat(1, 0, 0, 0)) n.rotation = {rotation.x, rotation.y, rotation.z, rotation.w};
        model.nodes.push_back(n);
        const int index = int(model.nodes.size() - 1);
        if (parent < 0) model.scenes[0].nodes.push_back(index);
        else model.nodes[parent].children.push_back(index);
        return index;
    }
    int accessor(const std::vector<float>& values, int type, bool minMax) {
        tinygltf::BufferView view;
        view.buffer = 0;
        view.byteOffset = data.size();
        view.byteLength = values.size() * 4;
        const auto* p = reinterpret_cast<const std::uint8_t*>(values.data());
        data.insert(data.end(), p, p + values.size() * 4);
        model.bufferViews.push_back(view);
        tinygltf::Accessor a;
        a.bufferView = int(model.bufferViews.size() - 1);
        a.componentType = TINYGLTF_COMPONENT_TYPE_FLOAT;
        a.type = type;
        a.count = values.size() / std::size_t(tinygltf::GetNumComponentsInType(std::uint32_t(type)));
        if (minMax) {
            a.minValues = {*std::min_element(values.begin(), values.end())};
            a.maxValues = {*std::max_element(values.begin(), values.end())};
        }
        model.accessors.push_back(a);
        return int(model.accessors.size() - 1);
    }
    void channel(int node, const std::string& path, const std::vector<float>& times, const std::vector<float>& output,
                 const std::string& interpolation = "LINEAR") {
        tinygltf::AnimationSampler sampler;
        sampler.input = accessor(times, TINYGLTF_TYPE_SCALAR, true);
        sampler.output = accessor(output, path == "rotation" ? TINYGLTF_TYPE_VEC4 : TINYGLTF_TYPE_VEC3, false);
        sampler.interpolation = interpolation;
        auto& animation = model.animations[0];
        animation.samplers.push_back(sampler);
        tinygltf::AnimationChannel c;
        c.sampler = int(animation.samplers.size() - 1);
        c.target_node = node;
        c.target_path = path;
        animation.channels.push_back(c);
    }
    std::vector<std::uint8_t> glb() {
        model.buffers[0].data = data;
        if (data.empty()) model.buffers.clear();  // an empty buffer is not valid glTF
        if (model.animations[0].channels.empty()) model.animations.clear();
        return glbOf(model);
    }
};

// ---- whole hands, at the rest pose of the core's hand model, as a rig in another tool's names would hold them ----

#include <functional>
#include <set>

#include "inputanim/core/hand_model.hpp"

// A joint's rest position in glTF space (X mirrored from Unity's), plus `offset`.
inline glm::dvec3 restPosition(inputanim::Hand hand, inputanim::Joint joint, glm::dvec3 offset = glm::dvec3(0)) {
    const auto p = inputanim::restHand(hand)[std::size_t(inputanim::indexOf(joint))].position;
    return glm::dvec3(-p[0], p[1], p[2]) + offset;
}

// Adds a static node for every joint but None and `except`, named by `name`, under `parent`, at its rest position
// plus `offset`: what a rig needs to be a hand, around the joints a test animates. Returns the nodes by joint.
inline std::map<inputanim::Joint, int> addRestHand(ForeignModel& m, inputanim::Hand hand,
                                                   const std::function<std::string(inputanim::Joint)>& name, int parent,
                                                   const std::set<inputanim::Joint>& except = {},
                                                   glm::dvec3 offset = glm::dvec3(0)) {
    std::map<inputanim::Joint, int> nodes;
    for (inputanim::Joint joint : inputanim::kJoints)
        if (joint != inputanim::Joint::None && !except.count(joint))
            nodes[joint] = m.node(name(joint), parent, restPosition(hand, joint, offset));
    return nodes;
}

// This profile's joint node names: Hand_Left_IndexTip.
inline std::string profileName(inputanim::Hand hand, inputanim::Joint joint) {
    return "Hand_" + std::string(inputanim::sideName(hand)) + "_" + std::string(inputanim::jointName(joint));
}

// ---- hierarchical rigs whose bones have their own axes ----

// A rotation from Unity's space (x, y, z, w) into glTF's (X mirrored).
inline glm::dquat gltfRotation(const inputanim::Quaternion& q) { return glm::dquat(q[3], q[0], -q[1], -q[2]); }

// The node axes of a convention, written in MRTK's joint frame (X, Y up out of the back, Z along the bone).
namespace axes {
inline glm::dquat from(glm::dvec3 x, glm::dvec3 y, glm::dvec3 z) { return glm::quat_cast(glm::dmat3(x, y, z)); }
inline const glm::dquat kMrtk = glm::dquat(1, 0, 0, 0);
inline const glm::dquat kBlender = from({-1, 0, 0}, {0, 0, 1}, {0, 1, 0});  // bones along +Y, +Z out of the back
inline const glm::dquat kWebXr = from({-1, 0, 0}, {0, 1, 0}, {0, 0, -1});  // -Z along the bone towards the tip
inline const glm::dquat kMeta = from({0, 0, 1}, {0, -1, 0}, {1, 0, 0});  // +X along the bone, +Y into the palm
}  // namespace axes

// A joint's roll about its bone, in degrees, as an artist may leave it (none: MRTK's own roll).
using Roll = std::function<double(inputanim::Joint)>;
inline glm::dquat rollOf(const Roll& roll, inputanim::Joint joint) {
    return roll ? glm::angleAxis(glm::radians(roll(joint)), glm::dvec3(0, 0, 1)) : glm::dquat(1, 0, 0, 0);
}

// The hand `pose` (Unity space, as the core's hand model gives it) as a hierarchy under `parent`: each joint but
// None and `except` hangs from its parentJoint (or the nearest one present), with a local translation and
// rotation such that its node's world axes are MRTK's frame rolled by `roll` and turned by `nodeAxes`. Returns the
// nodes by joint.
inline std::map<inputanim::Joint, int> addRig(ForeignModel& m, const inputanim::HandPose& pose,
                                              const std::function<std::string(inputanim::Joint)>& name, int parent,
                                              const glm::dquat& nodeAxes, const std::set<inputanim::Joint>& except = {},
                                              const Roll& roll = {}) {
    using namespace inputanim;
    std::map<Joint, int> nodes;
    auto world = [&](Joint j) {
        const auto& p = pose[std::size_t(indexOf(j))];
        return std::pair{glm::dvec3(-p.position[0], p.position[1], p.position[2]),
                         gltfRotation(p.rotation) * rollOf(roll, j) * nodeAxes};
    };
    for (Joint joint : kJoints) {  // in MRTK's order every parent comes before its children
        if (joint == Joint::None || except.count(joint)) continue;
        auto up = parentJoint(joint);
        while (up && except.count(*up)) up = parentJoint(*up);
        const auto [position, rotation] = world(joint);
        if (!up) {
            nodes[joint] = m.node(name(joint), parent, position, rotation);
            continue;
        }
        const auto [parentPosition, parentRotation] = world(*up);
        const glm::dquat toLocal = glm::inverse(parentRotation);
        nodes[joint] = m.node(name(joint), nodes.at(*up), toLocal * (position - parentPosition), toLocal * rotation);
    }
    return nodes;
}

// ---- an evaluation of world poses independent of the importer's ----

// Local values a test gives nodes in place of their own (an animation's values at one time).
struct NodeTrs {
    std::optional<glm::dvec3> translation, scale;
    std::optional<glm::dquat> rotation;
};

// A node's world matrix, composed by glTF's rules from the nodes' TRS (`posed` overriding them).
inline glm::dmat4 worldOf(const tinygltf::Model& model, int node, const std::map<int, NodeTrs>& posed = {}) {
    auto vec3 = [](const std::vector<double>& v, glm::dvec3 otherwise) {
        return v.empty() ? otherwise : glm::dvec3(v[0], v[1], v[2]);
    };
    glm::dmat4 world(1);
    for (int n = node; n >= 0;) {
        const auto& v = model.nodes[std::size_t(n)];
        if (!v.matrix.empty()) throw std::runtime_error("worldOf: node matrices are not handled");
        const auto it = posed.find(n);
        const NodeTrs trs = it == posed.end() ? NodeTrs{} : it->second;
        const glm::dquat rest = v.rotation.empty()
                                    ? glm::dquat(1, 0, 0, 0)
                                    : glm::dquat(v.rotation[3], v.rotation[0], v.rotation[1], v.rotation[2]);
        const glm::dmat4 local =
            glm::translate(glm::dmat4(1), trs.translation.value_or(vec3(v.translation, glm::dvec3(0)))) *
            glm::mat4_cast(trs.rotation.value_or(rest)) *
            glm::scale(glm::dmat4(1), trs.scale.value_or(vec3(v.scale, glm::dvec3(1))));
        world = local * world;
        int parent = -1;
        for (std::size_t p = 0; p < model.nodes.size() && parent < 0; ++p)
            for (int child : model.nodes[p].children)
                if (child == n) parent = int(p);
        n = parent;
    }
    return world;
}
