#include "meshopt_views.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

namespace inputanim {
namespace {

// The extension object of one view, read and checked against the specification's rules.
struct ViewStream {
    std::size_t buffer = 0;
    std::uint64_t byteOffset = 0, byteLength = 0, byteStride = 0, count = 0;
    meshopt::Mode mode = meshopt::Mode::Attributes;
    meshopt::Filter filter = meshopt::Filter::None;
};

std::optional<std::uint64_t> whole(const tinygltf::Value& v) {
    if (!v.IsNumber()) return std::nullopt;
    const double d = v.GetNumberAsDouble();
    if (!(d >= 0 && d <= 9.0e15) || std::floor(d) != d) return std::nullopt;
    return std::uint64_t(d);
}

Result<std::uint64_t> member(const tinygltf::Value& object, const char* key, std::optional<std::uint64_t> otherwise) {
    const tinygltf::Value& v = object.Get(key);
    if (v.Type() == tinygltf::NULL_TYPE && otherwise) return *otherwise;
    const auto n = whole(v);
    if (!n) return Error::malformed("expected a whole number of at least 0").at(key);
    return *n;
}

template <class Enum, std::size_t N>
Result<Enum> named(const tinygltf::Value& object, const char* key, const char* const (&names)[N], Enum otherwise) {
    const tinygltf::Value& v = object.Get(key);
    if (v.Type() == tinygltf::NULL_TYPE) return otherwise;
    if (v.IsString())
        for (std::size_t i = 0; i < N; ++i)
            if (v.Get<std::string>() == names[i]) return Enum(i);
    std::string expected;
    for (std::size_t i = 0; i < N; ++i) expected += (i ? (i + 1 == N ? " or " : ", ") : "") + std::string(names[i]);
    return Error::malformed("expected " + expected).at(key);
}

constexpr const char* kModes[] = {"ATTRIBUTES", "TRIANGLES", "INDICES"};
constexpr const char* kFilters[] = {"NONE", "OCTAHEDRAL", "QUATERNION", "EXPONENTIAL"};

Result<ViewStream> readStream(const tinygltf::Value& ext) {
    if (!ext.IsObject()) return Error::malformed("expected an object");
    ViewStream s;
    auto buffer = member(ext, "buffer", std::nullopt);
    auto offset = member(ext, "byteOffset", 0), length = member(ext, "byteLength", std::nullopt);
    auto stride = member(ext, "byteStride", std::nullopt), count = member(ext, "count", std::nullopt);
    auto mode = named(ext, "mode", kModes, meshopt::Mode(-1));
    auto filter = named(ext, "filter", kFilters, meshopt::Filter::None);
    for (const Error* e :
         {buffer ? nullptr : &buffer.error(), offset ? nullptr : &offset.error(), length ? nullptr : &length.error(),
          stride ? nullptr : &stride.error(), count ? nullptr : &count.error(), mode ? nullptr : &mode.error(),
          filter ? nullptr : &filter.error()})
        if (e) return Error(*e).at("/" + e->pointer);
    if (*mode == meshopt::Mode(-1)) return Error::malformed("has no mode").at("/mode");
    s.buffer = std::size_t(*buffer), s.byteOffset = *offset, s.byteLength = *length, s.byteStride = *stride;
    s.count = *count, s.mode = *mode, s.filter = *filter;
    return s;
}

// The specification's rules on a stream's layout and filter ("" when they hold).
std::string layoutProblem(const ViewStream& s, std::uint64_t viewLength, int viewStride) {
    using meshopt::Filter, meshopt::Mode;
    if (viewStride > 0 && std::uint64_t(viewStride) != s.byteStride) return "byteStride differs from the view's";
    if (s.byteStride == 0 || viewLength / s.byteStride != s.count || viewLength % s.byteStride != 0)
        return "byteStride times count is not the view's byteLength";
    if (s.mode == Mode::Attributes && (s.byteStride % 4 != 0 || s.byteStride > 256))
        return "ATTRIBUTES need a byteStride that is a multiple of 4, at most 256";
    if (s.mode != Mode::Attributes && s.byteStride != 2 && s.byteStride != 4)
        return "TRIANGLES and INDICES need a byteStride of 2 or 4";
    if (s.mode == Mode::Triangles && s.count % 3 != 0) return "TRIANGLES need a count that is a multiple of 3";
    if (s.mode != Mode::Attributes && s.filter != Filter::None) return "only ATTRIBUTES take a filter";
    if (s.filter == Filter::Octahedral && s.byteStride != 4 && s.byteStride != 8)
        return "OCTAHEDRAL needs a byteStride of 4 or 8";
    if (s.filter == Filter::Quaternion && s.byteStride != 8) return "QUATERNION needs a byteStride of 8";
    return "";
}

bool decode(const ViewStream& s, std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
    switch (s.mode) {
        case meshopt::Mode::Attributes:
            return meshopt::decodeAttributes(out, s.count, s.byteStride, in) &&
                   meshopt::unfilter(s.filter, out, s.count, s.byteStride);
        case meshopt::Mode::Triangles: return meshopt::decodeTriangles(out, s.count, s.byteStride, in);
        case meshopt::Mode::Indices: return meshopt::decodeIndices(out, s.count, s.byteStride, in);
    }
    return false;
}

// The bytes of one element of `a` (tightly packed, as this library writes them).
std::size_t elementBytes(const tinygltf::Accessor& a) {
    return std::size_t(tinygltf::GetComponentSizeInBytes(std::uint32_t(a.componentType)) *
                       tinygltf::GetNumComponentsInType(std::uint32_t(a.type)));
}

}  // namespace

const char* modeName(meshopt::Mode mode) { return kModes[int(mode)]; }

namespace {

// Every compressed view's stream, read and checked, by view; their decoded bytes within the file's budget.
Result<std::vector<std::pair<std::size_t, ViewStream>>> compressedViews(const tinygltf::Model& model,
                                                                        const GltfBuffers& buffers,
                                                                        const std::string& path) {
    const std::size_t fileBuffers = buffers.data.size();
    // All views together decode to at most what the file's bytes could hold, and never beyond kMaxDecodedBytes: views
    // that name one stream share its budget.
    std::uint64_t fileBytes = 0, decoded = 0;
    for (const auto& buffer : buffers.data) fileBytes += buffer.size();
    const std::uint64_t budget =
        std::min<std::uint64_t>(kMaxDecodedBytes, meshopt::kMaxExpansion * fileBytes + 256 * model.bufferViews.size());
    std::vector<std::pair<std::size_t, ViewStream>> streams;
    for (std::size_t i = 0; i < model.bufferViews.size(); ++i) {
        const tinygltf::BufferView& view = model.bufferViews[i];
        const std::string pointer = "/bufferViews/" + std::to_string(i);
        const auto ext = view.extensions.find(kMeshoptExtension);
        if (ext == view.extensions.end()) {
            if (view.buffer >= 0 && std::size_t(view.buffer) < fileBuffers && buffers.data[view.buffer].empty())
                return Error{path,
                             {},
                             "reads buffer " + std::to_string(view.buffer) +
                                 ", a placeholder without bytes, but has no EXT_meshopt_compression data"}
                    .at(pointer);
            continue;
        }
        const std::string extPointer = pointer + "/extensions/" + kMeshoptExtension;
        auto stream = readStream(ext->second);
        if (!stream) return Error(stream.error()).from(path).at(extPointer + stream.error().pointer);
        const ViewStream& s = *stream;
        if (const std::string problem = layoutProblem(s, view.byteLength, view.byteStride); !problem.empty())
            return Error::inJson(path, extPointer, problem);
        if (s.buffer >= fileBuffers || buffers.data[s.buffer].empty())
            return Error::inJson(path, extPointer + "/buffer",
                                 "buffer " + std::to_string(s.buffer) + " does not exist or holds no bytes");
        const std::span<const std::uint8_t> source = buffers.data[s.buffer];
        if (s.byteOffset > source.size() || s.byteLength > source.size() - s.byteOffset)
            return Error::inJson(path, extPointer,
                                 "byte range exceeds its buffer (" + std::to_string(source.size()) + " bytes)");
        // The size is checked against what the stream could hold, and all the file's decoded bytes against a limit,
        // before anything is allocated.
        if (view.byteLength > meshopt::kMaxExpansion * s.byteLength + 256 || decoded + view.byteLength > budget)
            return Error::inJson(path, extPointer,
                                 std::to_string(view.byteLength) + " bytes cannot come from " +
                                     std::to_string(s.byteLength) + " compressed bytes, or exceed the " +
                                     std::to_string(budget) + " bytes this file may decode to (" +
                                     std::to_string(meshopt::kMaxExpansion) + " times its buffers' bytes, at most " +
                                     std::to_string(kMaxDecodedBytes >> 20) + " MiB)",
                                 ErrorKind::Refused);
        decoded += view.byteLength;
        streams.emplace_back(i, s);
    }
    return streams;
}

}  // namespace

Status decompressViews(tinygltf::Model& model, GltfBuffers& buffers, const std::string& path) {
    auto streams = compressedViews(model, buffers, path);
    if (!streams) return streams.error();
    std::uint64_t total = 0;
    for (const auto& [i, s] : *streams) total += model.bufferViews[i].byteLength;
    if (total > 0 && !buffers.decoded.reserve(total, kMaxDecodedBytes))
        return Error{path,
                     {},
                     "its compressed views decode to " + std::to_string(total) + " bytes, beyond the " +
                         std::to_string(kMaxDecodedBytes >> 20) +
                         " MiB the files read at once may decode to, with those this thread holds",
                     ErrorKind::Refused};
    for (const auto& [i, s] : *streams) {
        tinygltf::BufferView& view = model.bufferViews[i];
        FileBytes bytes(view.byteLength);
        if (!decode(s, bytes, buffers.data[s.buffer].subspan(s.byteOffset, s.byteLength)))
            return Error::inJson(path, "/bufferViews/" + std::to_string(i) + "/extensions/" + kMeshoptExtension,
                                 std::string("its ") + modeName(s.mode) + " stream does not decode");
        buffers.owned.push_back(std::move(bytes));
        buffers.data.push_back(buffers.owned.back());
        view.buffer = int(buffers.data.size() - 1);
        view.byteOffset = 0;
    }
    return Success{};
}

ByteBuffer groupViews(tinygltf::Model& model, std::span<const std::uint8_t> buffer) {
    struct Group {
        std::size_t elementSize;
        int target;
        std::vector<std::size_t> accessors;
        std::size_t bytes = 0;
    };
    std::vector<Group> groups;
    for (std::size_t i = 0; i < model.accessors.size(); ++i) {
        const tinygltf::Accessor& a = model.accessors[i];
        const std::size_t size = elementBytes(a);
        const int target = model.bufferViews[std::size_t(a.bufferView)].target;
        auto group = std::find_if(groups.begin(), groups.end(),
                                  [&](const Group& g) { return g.elementSize == size && g.target == target; });
        if (group == groups.end()) group = groups.insert(groups.end(), Group{size, target, {}});
        group->accessors.push_back(i);
        group->bytes += model.bufferViews[std::size_t(a.bufferView)].byteLength;
    }
    ByteBuffer laid;
    std::vector<tinygltf::BufferView> views;
    for (const Group& g : groups) {
        tinygltf::BufferView view;
        view.buffer = 0;
        view.byteOffset = laid.size();
        view.byteLength = g.bytes;
        view.target = g.target;
        if (g.target == TINYGLTF_TARGET_ARRAY_BUFFER && g.accessors.size() > 1) view.byteStride = g.elementSize;
        for (std::size_t i : g.accessors) {
            tinygltf::Accessor& a = model.accessors[i];
            const tinygltf::BufferView& old = model.bufferViews[std::size_t(a.bufferView)];
            a.byteOffset = laid.size() - view.byteOffset;
            a.bufferView = int(views.size());
            laid.insert(laid.end(), buffer.begin() + std::ptrdiff_t(old.byteOffset),
                        buffer.begin() + std::ptrdiff_t(old.byteOffset + old.byteLength));
        }
        views.push_back(std::move(view));
    }
    model.bufferViews = std::move(views);
    return laid;
}

Result<CompressedBuffer> compressViews(const tinygltf::Model& model, std::span<const std::uint8_t> buffer) {
    std::vector<std::uint32_t> elementSize(model.bufferViews.size(), 0);
    for (const tinygltf::Accessor& a : model.accessors)
        if (a.bufferView >= 0) elementSize[std::size_t(a.bufferView)] = std::uint32_t(elementBytes(a));
    CompressedBuffer out;
    out.placeholderBytes = buffer.size();
    for (std::size_t i = 0; i < model.bufferViews.size(); ++i) {
        const tinygltf::BufferView& view = model.bufferViews[i];
        CompressedView c;
        c.mode =
            view.target == TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER ? meshopt::Mode::Indices : meshopt::Mode::Attributes;
        c.byteStride = view.byteStride > 0 ? std::uint32_t(view.byteStride) : elementSize[i];
        const bool fits = c.mode == meshopt::Mode::Indices ? c.byteStride == 2 || c.byteStride == 4
                                                           : c.byteStride % 4 == 0 && c.byteStride <= 256;
        if (!fits || c.byteStride == 0 || view.byteLength % c.byteStride != 0 || view.buffer != 0 ||
            view.byteOffset + view.byteLength > buffer.size())
            return Error::malformed("internal: buffer view " + std::to_string(i) + " cannot be compressed");
        c.count = view.byteLength / c.byteStride;
        out.bytes.resize((out.bytes.size() + 3) & ~std::size_t(3), 0);
        c.byteOffset = out.bytes.size();
        const auto data = buffer.subspan(view.byteOffset, view.byteLength);
        if (c.mode == meshopt::Mode::Indices) meshopt::encodeIndices(out.bytes, data, c.count, c.byteStride);
        else meshopt::encodeAttributes(out.bytes, data, c.count, c.byteStride);
        c.byteLength = out.bytes.size() - c.byteOffset;
        out.views.push_back(c);
    }
    return out;
}

}  // namespace inputanim
