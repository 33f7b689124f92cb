#include "accessors.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace inputanim {
namespace {

float component(const std::uint8_t* p, int type) {
    switch (type) {
        case TINYGLTF_COMPONENT_TYPE_FLOAT: {
            float v;
            std::memcpy(&v, p, 4);
            return v;
        }
        case TINYGLTF_COMPONENT_TYPE_BYTE: return std::max(float(std::int8_t(*p)) / 127.0f, -1.0f);
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: return float(*p) / 255.0f;
        case TINYGLTF_COMPONENT_TYPE_SHORT: {
            std::int16_t v;
            std::memcpy(&v, p, 2);
            return std::max(float(v) / 32767.0f, -1.0f);
        }
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
            std::uint16_t v;
            std::memcpy(&v, p, 2);
            return float(v) / 65535.0f;
        }
        default: return 0;
    }
}

// A whole list checked with bitwise & and no branch per value (compilers vectorize it): the usual file has no
// fault, and the loop that names one runs only when it has.
bool allFinite(std::span<const float> values) {
    unsigned ok = 1;
    for (float v : values) ok &= unsigned(std::isfinite(v));
    return ok != 0;
}

bool strictlyIncreasing(std::span<const float> values) {
    unsigned ok = 1;
    for (std::size_t k = 1; k < values.size(); ++k) ok &= unsigned(values[k] > values[k - 1]);
    return ok != 0;
}

}  // namespace

Result<std::vector<float>> AccessorReader::read(int index, int components, const std::string& what) const {
    const std::string pointer = "/accessors/" + std::to_string(index);
    if (index < 0 || std::size_t(index) >= model.accessors.size())
        return Error::inJson(path, "",
                             what + " refers to accessor " + std::to_string(index) + ", which does not exist");
    const tinygltf::Accessor& a = model.accessors[index];
    if (a.sparse.isSparse) return Error::inJson(path, pointer, "sparse accessors are not supported");
    if (tinygltf::GetNumComponentsInType(std::uint32_t(a.type)) != components)
        return Error::inJson(path, pointer,
                             what + ": expected " + std::to_string(components) + " components per element");
    const int componentSize = tinygltf::GetComponentSizeInBytes(std::uint32_t(a.componentType));
    if (componentSize <= 0 || (a.componentType != TINYGLTF_COMPONENT_TYPE_FLOAT && !a.normalized))
        return Error::inJson(path, pointer, what + ": expected FLOAT (or normalised integer) components");
    std::vector<float> out;
    if (a.bufferView < 0) {  // no data: all zeros, but not as many as a file may claim
        if (a.count > kMaxZeroAccessorElements)
            return Error{path,
                         {},
                         pointer + ": " + std::to_string(a.count) +
                             " elements without a bufferView (all zeros); at most " +
                             std::to_string(kMaxZeroAccessorElements) + " are read",
                         ErrorKind::Refused};
        out.assign(a.count * components, 0.0f);
        return out;
    }
    if (std::size_t(a.bufferView) >= model.bufferViews.size())
        return Error::inJson(path, pointer, "bufferView " + std::to_string(a.bufferView) + " does not exist");
    const tinygltf::BufferView& view = model.bufferViews[a.bufferView];
    const std::string viewPointer = "/bufferViews/" + std::to_string(a.bufferView);
    if (view.buffer < 0 || std::size_t(view.buffer) >= buffers.size())
        return Error::inJson(path, viewPointer, "buffer " + std::to_string(view.buffer) + " does not exist");
    const std::span<const std::uint8_t> data = buffers[view.buffer];
    if (view.byteOffset > data.size() || view.byteLength > data.size() - view.byteOffset)
        return Error::inJson(path, viewPointer,
                             "byte range exceeds its buffer (" + std::to_string(data.size()) + " bytes)");
    const std::size_t elementSize = std::size_t(componentSize) * components;
    const std::size_t stride = view.byteStride ? view.byteStride : elementSize;
    if (stride < elementSize) return Error::inJson(path, viewPointer, "byteStride is smaller than an element");
    if (a.count > 0) {
        const std::size_t span = view.byteLength < a.byteOffset ? 0 : view.byteLength - a.byteOffset;
        if (a.byteOffset > view.byteLength || elementSize > span || (a.count - 1) > (span - elementSize) / stride)
            return Error::inJson(path, pointer, std::to_string(a.count) + " elements do not fit in their bufferView");
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

// One sampler's data, checked (finite, times strictly increasing), as a track of `components`.
Result<Track> readSampler(const AccessorReader& reader, const tinygltf::AnimationSampler& sampler,
                          const std::string& samplerPointer, int components);

Result<ChannelData> readChannel(const AccessorReader& reader, const tinygltf::Animation& animation, std::size_t a,
                                std::size_t c, SamplerCache& cache) {
    const tinygltf::Model& model = reader.model;
    const std::string& path = reader.path;
    const auto& channel = animation.channels[c];
    const std::string pointer = "/animations/" + std::to_string(a) + "/channels/" + std::to_string(c);
    ChannelData data;
    data.node = channel.target_node;
    data.path = channel.target_path;
    if (data.node < 0) return Error::inJson(path, pointer, "channel has no target node");
    if (std::size_t(data.node) >= model.nodes.size())
        return Error::inJson(path, pointer, "target node " + std::to_string(data.node) + " does not exist");
    if (channel.sampler < 0 || std::size_t(channel.sampler) >= animation.samplers.size())
        return Error::inJson(path, pointer, "sampler " + std::to_string(channel.sampler) + " does not exist");
    const int components = data.path == "rotation" ? 4 : 3;
    std::shared_ptr<const Track>& cached = cache[{channel.sampler, components}];
    if (!cached) {
        auto track = readSampler(reader, animation.samplers[channel.sampler],
                                 "/animations/" + std::to_string(a) + "/samplers/" + std::to_string(channel.sampler),
                                 components);
        if (!track) return track.error();
        cached = std::make_shared<const Track>(std::move(*track));
    }
    data.data = cached;
    return data;
}

Result<Track> readSampler(const AccessorReader& reader, const tinygltf::AnimationSampler& sampler,
                          const std::string& samplerPointer, int components) {
    const std::string& path = reader.path;
    Track track;
    track.components = components;
    if (sampler.interpolation == "STEP") track.interpolation = Interpolation::Step;
    else if (sampler.interpolation == "CUBICSPLINE") track.interpolation = Interpolation::CubicSpline;
    else if (sampler.interpolation.empty() || sampler.interpolation == "LINEAR")
        track.interpolation = Interpolation::Linear;
    else return Error::inJson(path, samplerPointer, "unknown interpolation '" + sampler.interpolation + "'");

    auto times = reader.read(sampler.input, 1, samplerPointer + " input");
    if (!times) return times.error();
    auto output = reader.read(sampler.output, track.components, samplerPointer + " output");
    if (!output) return output.error();
    track.times = std::move(*times);
    const std::size_t n = track.times.size(), width = std::size_t(track.components);
    const bool cubic = track.interpolation == Interpolation::CubicSpline;
    if (output->size() != n * width * (cubic ? 3 : 1))
        return Error::inJson(path, samplerPointer,
                             "output holds " + std::to_string(output->size() / width) + " elements for " +
                                 std::to_string(n) + " key times (expected " + std::to_string(n * (cubic ? 3 : 1)) +
                                 ")");
    if (cubic && n < 2) return Error::inJson(path, samplerPointer, "CUBICSPLINE needs at least 2 keys");
    if (!allFinite(track.times) || !strictlyIncreasing(track.times))
        for (std::size_t k = 0; k < n; ++k)
            if (!std::isfinite(track.times[k]) || (k > 0 && !(track.times[k] > track.times[k - 1])))
                return Error::inJson(
                    path, samplerPointer,
                    "input time " + std::to_string(k) + " is not finite or not later than the one before");
    if (!allFinite(*output)) return Error::inJson(path, samplerPointer, "output holds NaN or infinity");
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
    return track;
}

}  // namespace inputanim
