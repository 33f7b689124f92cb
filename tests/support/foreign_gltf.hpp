// glTF files as other tools write them, built in code (tests and benchmarks).
#pragma once

#include <tiny_gltf.h>

#include <algorithm>
#include <glm/glm.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

inline std::vector<std::uint8_t> glbOf(const tinygltf::Model& model) {
    std::ostringstream stream;
    tinygltf::TinyGLTF writer;
    if (!writer.WriteGltfSceneToStream(&model, stream, false, true)) throw std::runtime_error("tinygltf could not write");
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
    int node(const std::string& name, int parent, glm::dvec3 translation = glm::dvec3(0)) {
        tinygltf::Node n;
        n.name = name;
        if (translation != glm::dvec3(0)) n.translation = {translation.x, translation.y, translation.z};
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

