// The export's JSON writer (gltf/model_json): byte for byte what tinygltf 2.7 writes for the same model, on a model
// that sets every member the writer writes, at and off its defaults; and a refusal of what it does not write.
#include <tiny_gltf.h>

#include <catch2/catch.hpp>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

#include "gltf/container/model_json.hpp"
#include "support/exported_json.hpp"
#include "support/foreign_gltf.hpp"

using namespace inputanim;

namespace {

constexpr const char* kPlaceholder = "inputanim:extras-placeholder";

// tinygltf's JSON of `model`, written as a GLB.
std::string tinygltfJson(const tinygltf::Model& model) { return jsonChunkText(glbOf(model)); }

// modelJson of `model` with its buffer's bytes kept apart, as the export keeps them; the extras placeholder written
// as the JSON string it is, as tinygltf writes it.
std::string ourJson(tinygltf::Model model) {
    ModelJsonOptions options;
    const std::string placeholderText = nlohmann::json(kPlaceholder).dump();
    options.extrasPlaceholder = kPlaceholder;
    options.extrasText = placeholderText;
    if (!model.buffers.empty()) {
        options.bufferBytes = model.buffers[0].data.size();
        model.buffers[0].data.clear();
    }
    auto json = modelJson(model, options);
    if (!json) FAIL(json.error().message);
    return *json;
}

tinygltf::Accessor accessor(int view, int componentType, std::size_t count, int type) {
    tinygltf::Accessor a;
    a.bufferView = view;
    a.componentType = componentType;
    a.count = count;
    a.type = type;
    return a;
}

// Buffers, views and accessors, with numbers and names that print in every way.
void addData(tinygltf::Model& m) {
    const double infinity = std::numeric_limits<double>::infinity();
    m.asset.generator = "test \"generator\"";
    m.asset.copyright = "\xC2\xA9 someone";  // UTF-8
    m.buffers.emplace_back().data.assign(52, 7);
    for (int target : {0, TINYGLTF_TARGET_ARRAY_BUFFER, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER, 12345}) {
        tinygltf::BufferView v;
        v.buffer = 0;
        v.byteOffset = target == 0 ? 0 : 16;
        v.byteLength = 12;
        v.byteStride = target == 12345 ? 8 : (target == 0 ? 2 : 0);
        v.target = target;
        if (target == TINYGLTF_TARGET_ARRAY_BUFFER)
            v.name =
                "view\twith\x01"
                "control";
        m.bufferViews.push_back(v);
    }
    tinygltf::Accessor floats = accessor(0, TINYGLTF_COMPONENT_TYPE_FLOAT, 3, TINYGLTF_TYPE_VEC3);
    floats.minValues = {-0.0, 1e-7, double(0.1f)};
    floats.maxValues = {123456789.0, 1e300, infinity};
    floats.name = "back\\slash";
    m.accessors.push_back(floats);
    tinygltf::Accessor shorts = accessor(1, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, 6, TINYGLTF_TYPE_SCALAR);
    shorts.minValues = {0.0};
    shorts.maxValues = {65535.7};
    shorts.byteOffset = 4;
    shorts.normalized = true;
    m.accessors.push_back(shorts);
    for (int type :
         {TINYGLTF_TYPE_VEC2, TINYGLTF_TYPE_VEC4, TINYGLTF_TYPE_MAT2, TINYGLTF_TYPE_MAT3, TINYGLTF_TYPE_MAT4, 99})
        m.accessors.push_back(accessor(-1, TINYGLTF_COMPONENT_TYPE_FLOAT, 1, type));
}

void addAnimationsAndCameras(tinygltf::Model& m) {
    tinygltf::Animation animation;
    animation.name = "InputAnimation";
    for (int i = 0; i < 2; ++i) {
        animation.samplers.push_back({});
        animation.samplers.back().input = i;
        animation.samplers.back().output = i + 2;
        animation.samplers.back().interpolation = i ? "STEP" : "LINEAR";
        animation.channels.push_back({});
        animation.channels.back().sampler = i;
        animation.channels.back().target_node = i;
        animation.channels.back().target_path = i ? "rotation" : "translation";
    }
    animation.extras = tinygltf::Value(std::string(kPlaceholder));
    m.animations.push_back(animation);
    m.animations.emplace_back();  // no channels: left out

    tinygltf::Camera camera;
    camera.type = "perspective";
    camera.name = "Head";
    camera.perspective.aspectRatio = 16.0 / 9;
    camera.perspective.yfov = 1.0471975511965976;
    camera.perspective.znear = 0.01;
    m.cameras.push_back(camera);
    camera.name.clear();
    camera.perspective.aspectRatio = 0;  // left out, as is a yfov of 0
    camera.perspective.yfov = 0;
    m.cameras.push_back(camera);
}

void addMaterialsAndMeshes(tinygltf::Model& m) {
    m.materials.emplace_back();  // every member at its default: {}
    tinygltf::Material material;
    material.name = "Left";
    material.alphaCutoff = 0.25;
    material.alphaMode = "BLEND";
    material.doubleSided = true;
    material.emissiveFactor = {0.5, 0, 0};
    material.pbrMetallicRoughness.baseColorFactor = {0.35, 0.6, 0.95, 1};
    material.pbrMetallicRoughness.metallicFactor = 0;
    material.pbrMetallicRoughness.roughnessFactor = 0.6;
    m.materials.push_back(material);
    tinygltf::Material metallic;
    metallic.pbrMetallicRoughness.metallicFactor = 1.0 + 1e-13;  // within tinygltf's equality: a default
    metallic.pbrMetallicRoughness.roughnessFactor = 0.5;
    m.materials.push_back(metallic);

    tinygltf::Mesh mesh;
    mesh.name = "Hand";
    mesh.weights = {0.25, 0.75};
    for (int i = 0; i < 2; ++i) {
        tinygltf::Primitive p;
        p.attributes = {{"POSITION", 0}, {"NORMAL", 1}, {"WEIGHTS_0", 3}, {"JOINTS_0", 2}};
        p.indices = i ? -1 : 1;
        p.material = i ? -1 : 1;
        p.mode = i ? TINYGLTF_MODE_POINTS : TINYGLTF_MODE_TRIANGLES;
        mesh.primitives.push_back(p);
    }
    m.meshes.push_back(mesh);
    m.meshes.emplace_back();  // no primitives
}

void addNodesScenesAndSkins(tinygltf::Model& m) {
    tinygltf::Node node;
    node.name = "Left_Wrist";
    node.translation = {0.1, -0.0, 1e-20};
    node.rotation = {0, 0, 0.7071067811865476, 0.7071067811865476};
    node.scale = {1, 2, 3};
    node.matrix = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    node.mesh = 0;
    node.skin = 0;
    node.camera = 1;
    node.weights = {0.5};
    node.children = {1, 2};
    m.nodes.push_back(node);
    m.nodes.push_back(tinygltf::Node{});  // nothing set: null
    tinygltf::Node named;
    named.name = "Pinch";
    m.nodes.push_back(named);

    m.defaultScene = 0;
    m.scenes.emplace_back();
    m.scenes.back().nodes = {0};
    m.scenes.back().name = "Scene";
    m.scenes.emplace_back();  // null in tinygltf's JSON, {} in ours
    m.scenes.emplace_back();
    m.scenes.back().extras = tinygltf::Value(std::string(kPlaceholder));

    tinygltf::Skin skin;
    skin.name = "Left_Skin";
    skin.joints = {0, 2};
    skin.skeleton = 0;
    skin.inverseBindMatrices = 6;
    m.skins.push_back(skin);
    m.skins.push_back(tinygltf::Skin{});
}

// Every member the writer writes, at its default and off it, with numbers and names that print in every way.
tinygltf::Model everything() {
    tinygltf::Model m;
    addData(m);
    addAnimationsAndCameras(m);
    addMaterialsAndMeshes(m);
    addNodesScenesAndSkins(m);
    return m;
}

}  // namespace

TEST_CASE("modelJson writes, byte for byte, what tinygltf writes, but for an empty scene") {
    const tinygltf::Model model = everything();
    const std::string expected = tinygltfJson(model);
    // An empty scene is an object: tinygltf's null is no scene (the Khronos validator: TYPE_MISMATCH).
    std::string ours = ourJson(model);
    const std::string emptyScene = "\"name\":\"Scene\",\"nodes\":[0]},{},{";
    REQUIRE(ours.find(emptyScene) != std::string::npos);
    ours.replace(ours.find(emptyScene), emptyScene.size(), "\"name\":\"Scene\",\"nodes\":[0]},null,{");
    CHECK(ours == expected);
    // The model printed every way on purpose: null for empty objects, {} for a default material, integer bounds.
    CHECK(expected.find("\"nodes\":[{") != std::string::npos);
    CHECK(expected.find(",null,") != std::string::npos);
    CHECK(expected.find("\"materials\":[{},") != std::string::npos);
    CHECK(expected.find("\"max\":[65535]") != std::string::npos);

    SECTION("and without the parts a model may leave out") {
        tinygltf::Model bare;
        bare.asset.version.clear();  // tinygltf writes 2.0
        CHECK(ourJson(bare) == tinygltfJson(bare));
        bare.animations.emplace_back();  // only animations without channels: "animations":null
        CHECK(ourJson(bare) == tinygltfJson(bare));
    }
}

TEST_CASE("modelJson writes the extras and the buffer's length it is given") {
    tinygltf::Model model = everything();
    ModelJsonOptions options;
    options.bufferBytes = 123456789012;
    options.extrasPlaceholder = kPlaceholder;
    options.extrasText = R"({"inputanim":{"schema":"x"}})";
    model.buffers[0].data.clear();
    auto json = modelJson(model, options);
    REQUIRE(json);
    const auto parsed = nlohmann::json::parse(*json);
    CHECK(parsed["buffers"][0]["byteLength"] == 123456789012u);
    CHECK(parsed["animations"][0]["extras"]["inputanim"]["schema"] == "x");
    CHECK(parsed["scenes"][2]["extras"]["inputanim"]["schema"] == "x");
}

TEST_CASE("modelJson refuses what it does not write, rather than leaving it out") {
    auto refused = [](const tinygltf::Model& model) {
        auto json = modelJson(model, {});
        REQUIRE_FALSE(json);
        return json.error().message;
    };
    tinygltf::Model textured;
    textured.textures.emplace_back();
    CHECK_THAT(refused(textured), Catch::Contains("textures"));
    tinygltf::Model sparse;
    sparse.accessors.push_back(accessor(0, TINYGLTF_COMPONENT_TYPE_FLOAT, 1, TINYGLTF_TYPE_SCALAR));
    sparse.accessors[0].sparse.isSparse = true;
    CHECK_THAT(refused(sparse), Catch::Contains("sparse"));
    tinygltf::Model extras;
    extras.nodes.emplace_back().extras = tinygltf::Value(1.0);
    CHECK_THAT(refused(extras), Catch::Contains("extras"));
    tinygltf::Model skinExtras;  // tinygltf 2.7 would drop these
    skinExtras.skins.emplace_back().extras = tinygltf::Value(std::string(kPlaceholder));
    CHECK_THAT(refused(skinExtras), Catch::Contains("skin"));
    tinygltf::Model extension;
    extension.nodes.emplace_back().extensions["KHR_x"] = tinygltf::Value();
    CHECK_THAT(refused(extension), Catch::Contains("extensions"));
    tinygltf::Model withData;
    withData.buffers.emplace_back().data.assign(4, 0);
    CHECK_THAT(refused(withData), Catch::Contains("buffers"));
    tinygltf::Model orthographic;
    orthographic.cameras.emplace_back().type = "orthographic";
    CHECK_THAT(refused(orthographic), Catch::Contains("cameras"));
}

TEST_CASE("an exported file's JSON is as nlohmann prints it (keys in order, numbers shortest)") {
    for (const std::string& json : exportedJsonTexts()) CHECK(nlohmann::json::parse(json).dump() == json);
}
