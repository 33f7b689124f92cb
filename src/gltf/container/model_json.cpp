#include "model_json.hpp"

#include <cmath>
#include <nlohmann/json.hpp>
#include <vector>

#include "json_text.hpp"

namespace inputanim {
namespace {

bool doubleEqual(double a, double b) { return std::fabs(b - a) < 1e-12; }  // TINYGLTF_DOUBLE_EQUAL

bool doublesEqual(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!doubleEqual(a[i], b[i])) return false;
    return true;
}

class ModelJsonWriter {
public:
    explicit ModelJsonWriter(const ModelJsonOptions& options) : options_(options) {}

    Result<std::string> write(const tinygltf::Model& m) {
        if (!m.extensionsUsed.empty() || !m.extensionsRequired.empty() || !m.extensions.empty()) refuse("extensions");
        if (!m.images.empty() || !m.textures.empty() || !m.samplers.empty()) refuse("images, textures or samplers");
        if (!m.lights.empty()) refuse("lights");
        if (m.extras.Type() != tinygltf::NULL_TYPE) refuse("the model's extras");
        // About what each item takes (a channel and its sampler about 100 bytes, a node about 150): reserved once
        // rather than grown by copying.
        std::size_t channels = 0;
        for (const auto& a : m.animations) channels += a.channels.size();
        out_.reserve(options_.extrasText.size() + options_.bufferUri.size() +
                     100 * (m.accessors.size() + m.bufferViews.size() + channels) + 150 * m.nodes.size() + 4096);
        JsonObject o(out_);
        array(o, "accessors", m.accessors, &ModelJsonWriter::accessor);
        if (!m.animations.empty()) {  // only those with channels, but the array even when that leaves none
            std::string& out = o.member("animations");
            const std::size_t start = out.size();
            out += '[';
            for (const auto& a : m.animations)
                if (!a.channels.empty()) {
                    if (out.size() > start + 1) out += ',';
                    animation(a);
                }
            if (out.size() == start + 1) out.replace(start, 1, "null");
            else out += ']';
        }
        asset(o, m.asset);
        views_ = m.bufferViews.data();
        array(o, "bufferViews", m.bufferViews, &ModelJsonWriter::bufferView);
        if (m.buffers.size() > 1) refuse("buffers other than one");
        if (options_.compressedViews && options_.compressedViews->size() != m.bufferViews.size())
            refuse("compressed views other than one per view");
        array(o, "buffers", m.buffers, &ModelJsonWriter::buffer);
        array(o, "cameras", m.cameras, &ModelJsonWriter::camera);
        if (!options_.xmpPacket.empty()) {
            std::string& out = o.member("extensions") += "{\"KHR_xmp_json_ld\":{\"packets\":[";
            if (options_.xmpPacketAt) *options_.xmpPacketAt = out.size();
            (out += options_.xmpPacket) += "]}}";
        }
        const bool meshopt = options_.compressedViews != nullptr;
        if (meshopt) o.member("extensionsRequired") += "[\"EXT_meshopt_compression\"]";
        std::string used;  // in order of name
        for (const char* name :
             {meshopt ? "EXT_meshopt_compression" : "", options_.xmpPacket.empty() ? "" : "KHR_xmp_json_ld"})
            if (*name) (used += used.empty() ? "[\"" : ",\"") += std::string(name) + "\"";
        if (!used.empty()) o.member("extensionsUsed") += used + "]";
        array(o, "materials", m.materials, &ModelJsonWriter::material);
        array(o, "meshes", m.meshes, &ModelJsonWriter::mesh);
        array(o, "nodes", m.nodes, &ModelJsonWriter::node);
        if (m.defaultScene > -1) o.number("scene", m.defaultScene);
        array(o, "scenes", m.scenes, &ModelJsonWriter::scene);
        array(o, "skins", m.skins, &ModelJsonWriter::skin);
        o.close();
        if (!refused_.empty()) return Error::malformed("internal: the glTF writer does not write " + refused_);
        return std::move(out_);
    }

private:
    void refuse(const std::string& what) {
        if (refused_.empty()) refused_ = what;
    }

    // Items written one by one, as a list; an empty one is null, as tinygltf prints it.
    template <class T>
    void list(const std::vector<T>& items, void (ModelJsonWriter::*write)(const T&)) {
        if (items.empty()) {
            out_ += "null";
            return;
        }
        out_ += '[';
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (i) out_ += ',';
            (this->*write)(items[i]);
        }
        out_ += ']';
    }

    // The model's lists: left out when empty.
    template <class T>
    void array(JsonObject& o, std::string_view name, const std::vector<T>& items,
               void (ModelJsonWriter::*write)(const T&)) {
        if (items.empty()) return;
        o.member(name);
        list(items, write);
    }

    void extras(JsonObject& o, const tinygltf::Value& value) {
        if (value.Type() == tinygltf::NULL_TYPE) return;
        const bool ours = !options_.extrasPlaceholder.empty() && value.IsString() &&
                          value.Get<std::string>() == options_.extrasPlaceholder;
        if (ours) o.member("extras") += options_.extrasText;
        else refuse("extras other than inputanim's");
    }

    void noExtensions(const tinygltf::ExtensionMap& extensions) {
        if (!extensions.empty()) refuse("extensions");
    }

    static std::string typeName(int type) {
        switch (type) {
            case TINYGLTF_TYPE_SCALAR: return "SCALAR";
            case TINYGLTF_TYPE_VEC2: return "VEC2";
            case TINYGLTF_TYPE_VEC3: return "VEC3";
            case TINYGLTF_TYPE_VEC4: return "VEC4";
            case TINYGLTF_TYPE_MAT2: return "MAT2";
            case TINYGLTF_TYPE_MAT3: return "MAT3";
            case TINYGLTF_TYPE_MAT4: return "MAT4";
        }
        return "";
    }

    void accessor(const tinygltf::Accessor& a) {
        if (a.sparse.isSparse) refuse("sparse accessors");
        noExtensions(a.extensions);
        JsonObject o(out_);
        if (a.bufferView >= 0) o.number("bufferView", a.bufferView);
        if (a.byteOffset != 0) o.number("byteOffset", int(a.byteOffset));
        o.number("componentType", a.componentType);
        o.number("count", a.count);
        extras(o, a.extras);
        const bool floats =
            a.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT || a.componentType == TINYGLTF_COMPONENT_TYPE_DOUBLE;
        auto bounds = [&](std::string_view name, const std::vector<double>& values) {
            if (floats) return o.numbers(name, values);
            std::vector<int> integers;  // tinygltf writes an integer accessor's bounds as integers
            for (double v : values) integers.push_back(static_cast<int>(v));
            o.numbers(name, integers);
        };
        bounds("max", a.maxValues);
        bounds("min", a.minValues);
        if (!a.name.empty()) o.string("name", a.name);
        if (a.normalized) o.member("normalized") += "true";
        o.string("type", typeName(a.type));
        o.close();
    }

    void animation(const tinygltf::Animation& a) {
        noExtensions(a.extensions);
        JsonObject o(out_);
        o.member("channels");
        list(a.channels, &ModelJsonWriter::channel);
        extras(o, a.extras);
        if (!a.name.empty()) o.string("name", a.name);
        o.member("samplers");
        list(a.samplers, &ModelJsonWriter::sampler);
        o.close();
    }

    void channel(const tinygltf::AnimationChannel& c) {
        noExtensions(c.extensions);
        noExtensions(c.target_extensions);
        JsonObject o(out_);
        extras(o, c.extras);
        o.number("sampler", c.sampler);
        JsonObject target(o.member("target"));
        target.number("node", c.target_node);
        target.string("path", c.target_path);
        target.close();
        o.close();
    }

    void sampler(const tinygltf::AnimationSampler& s) {
        JsonObject o(out_);
        extras(o, s.extras);
        o.number("input", s.input);
        o.string("interpolation", s.interpolation);
        o.number("output", s.output);
        o.close();
    }

    void asset(JsonObject& model, const tinygltf::Asset& a) {
        noExtensions(a.extensions);
        if (a.extras.Type() != tinygltf::NULL_TYPE) refuse("the asset's extras");
        JsonObject o(model.member("asset"));
        if (!a.copyright.empty()) o.string("copyright", a.copyright);
        if (!options_.xmpPacket.empty()) o.member("extensions") += "{\"KHR_xmp_json_ld\":{\"packet\":0}}";
        if (!a.generator.empty()) o.string("generator", a.generator);
        o.string("version", a.version.empty() ? std::string("2.0") : a.version);
        o.close();
    }

    void bufferView(const tinygltf::BufferView& v) {
        noExtensions(v.extensions);
        const CompressedView* compressed =
            options_.compressedViews ? &(*options_.compressedViews)[std::size_t(&v - views_)] : nullptr;
        JsonObject o(out_);
        o.number("buffer", compressed ? 1 : v.buffer);
        o.number("byteLength", v.byteLength);
        if (v.byteOffset > 0) o.number("byteOffset", v.byteOffset);
        if (v.byteStride >= 4) o.number("byteStride", v.byteStride);
        if (compressed) {
            JsonObject ext(o.member("extensions"));
            JsonObject c(ext.member("EXT_meshopt_compression"));
            c.number("buffer", 0);
            c.number("byteLength", compressed->byteLength);
            if (compressed->byteOffset > 0) c.number("byteOffset", compressed->byteOffset);
            c.number("byteStride", compressed->byteStride);
            c.number("count", compressed->count);
            c.string("mode", modeName(compressed->mode));
            c.close();
            ext.close();
        }
        extras(o, v.extras);
        if (!v.name.empty()) o.string("name", v.name);
        if (v.target == TINYGLTF_TARGET_ARRAY_BUFFER || v.target == TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER)
            o.number("target", v.target);
        o.close();
    }

    void buffer(const tinygltf::Buffer& b) {
        if (!b.uri.empty() || !b.data.empty()) refuse("buffers with data or a uri (their bytes are kept apart)");
        noExtensions(b.extensions);
        JsonObject o(out_);
        o.number("byteLength", options_.bufferBytes);
        extras(o, b.extras);
        if (!b.name.empty()) o.string("name", b.name);
        if (!options_.bufferUri.empty()) o.string("uri", options_.bufferUri);
        o.close();
        if (!options_.compressedViews) return;
        out_ += ',';  // the placeholder for the compressed views' bytes
        JsonObject placeholder(out_);
        placeholder.number("byteLength", options_.placeholderBytes);
        placeholder.member("extensions") += "{\"EXT_meshopt_compression\":{\"fallback\":true}}";
        placeholder.close();
    }

    void camera(const tinygltf::Camera& c) {
        noExtensions(c.extensions);
        if (c.type != "perspective") refuse("cameras other than perspective ones");
        JsonObject o(out_);
        extras(o, c.extras);
        if (!c.name.empty()) o.string("name", c.name);
        const tinygltf::PerspectiveCamera& p = c.perspective;
        JsonObject perspective(o.member("perspective"));
        if (p.aspectRatio > 0) perspective.number("aspectRatio", p.aspectRatio);
        extras(perspective, p.extras);
        if (p.yfov > 0) perspective.number("yfov", p.yfov);
        perspective.number("zfar", p.zfar);
        perspective.number("znear", p.znear);
        perspective.close();
        o.string("type", c.type);
        o.close();
    }

    void material(const tinygltf::Material& m) {
        const tinygltf::PbrMetallicRoughness& pbr = m.pbrMetallicRoughness;
        if (m.normalTexture.index > -1 || m.occlusionTexture.index > -1 || m.emissiveTexture.index > -1 ||
            pbr.baseColorTexture.index > -1 || pbr.metallicRoughnessTexture.index > -1)
            refuse("textures");
        noExtensions(m.extensions);
        noExtensions(pbr.extensions);
        JsonObject o(out_);
        if (!doubleEqual(m.alphaCutoff, 0.5)) o.number("alphaCutoff", m.alphaCutoff);
        if (m.alphaMode != "OPAQUE") o.string("alphaMode", m.alphaMode);
        if (m.doubleSided) o.member("doubleSided") += "true";
        if (!doublesEqual(m.emissiveFactor, {0.0, 0.0, 0.0})) o.numbers("emissiveFactor", m.emissiveFactor);
        extras(o, m.extras);
        if (!m.name.empty()) o.string("name", m.name);
        // tinygltf leaves out a pbrMetallicRoughness of defaults.
        const bool color = !pbr.baseColorFactor.empty() && !doublesEqual(pbr.baseColorFactor, {1.0, 1.0, 1.0, 1.0});
        const bool metallic = !doubleEqual(pbr.metallicFactor, 1.0), roughness = !doubleEqual(pbr.roughnessFactor, 1.0);
        if (color || metallic || roughness || pbr.extras.Type() != tinygltf::NULL_TYPE) {
            JsonObject p(o.member("pbrMetallicRoughness"));
            if (color) p.numbers("baseColorFactor", pbr.baseColorFactor);
            extras(p, pbr.extras);
            if (metallic) p.number("metallicFactor", pbr.metallicFactor);
            if (roughness) p.number("roughnessFactor", pbr.roughnessFactor);
            p.close();
        }
        o.close(true);  // tinygltf writes a material of defaults as {}
    }

    void mesh(const tinygltf::Mesh& m) {
        noExtensions(m.extensions);
        JsonObject o(out_);
        extras(o, m.extras);
        if (!m.name.empty()) o.string("name", m.name);
        o.member("primitives");
        list(m.primitives, &ModelJsonWriter::primitive);
        o.numbers("weights", m.weights);
        o.close();
    }

    void primitive(const tinygltf::Primitive& p) {
        if (!p.targets.empty()) refuse("morph targets");
        noExtensions(p.extensions);
        JsonObject o(out_);
        JsonObject attributes(o.member("attributes"));
        for (const auto& [name, accessor] : p.attributes) attributes.number(name, accessor);
        attributes.close();
        extras(o, p.extras);
        if (p.indices > -1) o.number("indices", p.indices);
        if (p.material > -1) o.number("material", p.material);
        o.number("mode", p.mode);
        o.close();
    }

    void node(const tinygltf::Node& n) {
        noExtensions(n.extensions);
        JsonObject o(out_);
        if (n.camera != -1) o.number("camera", n.camera);
        o.numbers("children", n.children);
        extras(o, n.extras);
        o.numbers("matrix", n.matrix);
        if (n.mesh != -1) o.number("mesh", n.mesh);
        if (!n.name.empty()) o.string("name", n.name);
        o.numbers("rotation", n.rotation);
        o.numbers("scale", n.scale);
        if (n.skin != -1) o.number("skin", n.skin);
        o.numbers("translation", n.translation);
        o.numbers("weights", n.weights);
        o.close();
    }

    void scene(const tinygltf::Scene& s) {
        noExtensions(s.extensions);
        JsonObject o(out_);
        extras(o, s.extras);
        if (!s.name.empty()) o.string("name", s.name);
        o.numbers("nodes", s.nodes);
        o.close(true);  // a scene with nothing in it (a recording without keys, no extras) is still an object
    }

    void skin(const tinygltf::Skin& s) {
        noExtensions(s.extensions);
        if (s.extras.Type() != tinygltf::NULL_TYPE) refuse("a skin's extras");  // tinygltf 2.7 would leave them out
        JsonObject o(out_);
        if (s.inverseBindMatrices >= 0) o.number("inverseBindMatrices", s.inverseBindMatrices);
        o.numbers("joints", s.joints);
        if (!s.name.empty()) o.string("name", s.name);
        if (s.skeleton >= 0) o.number("skeleton", s.skeleton);
        o.close();
    }

    const ModelJsonOptions& options_;
    const tinygltf::BufferView* views_ = nullptr;  // the model's, so that a view knows its index
    std::string out_;
    std::string refused_;
};

}  // namespace

Result<std::string> modelJson(const tinygltf::Model& model, const ModelJsonOptions& options) {
    try {
        return ModelJsonWriter(options).write(model);
    } catch (const nlohmann::json::exception& error) {  // a name that is not UTF-8
        return Error::malformed(std::string("cannot write the glTF JSON: ") + error.what());
    }
}

}  // namespace inputanim
