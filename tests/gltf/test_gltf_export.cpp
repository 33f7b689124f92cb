// The exported file's structure, read back with tinygltf: names, sections, samplers, extras, determinism.
#include <tiny_gltf.h>

#include <catch2/catch.hpp>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <map>
#include <set>

#include "support/edge_cases.hpp"
#include "support/exported_json.hpp"
#include "inputanim/io/file_io.hpp"
#include "inputanim/gltf/export.hpp"
#include "inputanim/gltf/import.hpp"
#include "inputanim/mrtk/binary_format.hpp"
#include "inputanim/analysis/synthetic.hpp"

using namespace inputanim;
using Json = nlohmann::json;

namespace {
Json jsonChunk(const std::vector<std::uint8_t>& glb) {
    REQUIRE(glb.size() > 20);
    REQUIRE(std::memcmp(glb.data(), "glTF", 4) == 0);
    std::uint32_t length;
    std::memcpy(&length, glb.data() + 12, 4);
    return Json::parse(glb.begin() + 20, glb.begin() + 20 + length);
}

tinygltf::Model load(const std::vector<std::uint8_t>& glb) {
    tinygltf::Model model;  // a fresh Model per load: tinygltf 2.7 does not reset one
    tinygltf::TinyGLTF loader;
    std::string error, warning;
    REQUIRE(loader.LoadBinaryFromMemory(&model, &error, &warning, glb.data(), unsigned(glb.size())));
    return model;
}

std::set<std::string> nodeNames(const tinygltf::Model& model) {
    std::set<std::string> names;
    for (const auto& node : model.nodes) names.insert(node.name);
    return names;
}

const edge_cases::Case& edgeCase(const std::vector<edge_cases::Case>& cases, const std::string& name) {
    for (const auto& c : cases)
        if (c.name == name) return c;
    throw std::runtime_error(name);
}
}  // namespace

TEST_CASE("the scene graph follows the profile") {
    SyntheticOptions options;
    options.duration = 2;
    const Recording r = generateRecording(options).value();
    ExportReport report;
    const auto glb = exported(r, {}, &report);
    const tinygltf::Model model = load(glb);
    const auto names = nodeNames(model);
    for (const char* name : {"Camera", "Camera_View", "Hand_Left", "Hand_Right", "Hand_Left_None", "Hand_Left_PinkyTip",
                             "Hand_Right_Wrist", "Hand_Left_Pinching", "Hand_Right_Pinching", "Gaze", "Gaze_Direction"})
        CHECK(names.count(name) == 1);
    for (const auto& name : names) {
        INFO(name);
        CHECK(name.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") ==
              std::string::npos);
    }
    REQUIRE(model.skins.size() == 2);
    CHECK(model.skins[0].joints.size() == 26);  // every joint but None
    CHECK(model.nodes[model.skins[0].joints[10]].name == "Hand_Left_IndexTip");
    REQUIRE(model.animations.size() == 1);
    CHECK(model.animations[0].name == "InputAnimation");
    CHECK(model.cameras.size() == 1);
    CHECK(model.cameras[0].perspective.yfov == Approx(60 * 3.14159265358979 / 180));
    CHECK(report.channels == model.animations[0].channels.size());
    CHECK(report.maxPositionError < 1e-6);
    CHECK(report.maxRotationError <= 0.01);

    // Booleans are STEP scale channels; poses are LINEAR for MRTK's linear data.
    std::set<std::string> interpolations;
    for (const auto& channel : model.animations[0].channels) {
        const auto& sampler = model.animations[0].samplers[channel.sampler];
        if (channel.target_path == "scale") CHECK(sampler.interpolation == "STEP");
        else interpolations.insert(sampler.interpolation);
    }
    CHECK(interpolations == std::set<std::string>{"LINEAR"});

    // Nodes with a mesh: the pinch markers, the gaze point and the two skinned hands at the scene root.
    int meshes = 0;
    for (const auto& node : model.nodes) meshes += node.mesh >= 0;
    CHECK(meshes == 5);
    ExportOptions noMesh;
    noMesh.meshes = false;
    CHECK(load(exported(r, noMesh)).meshes.empty());
}

TEST_CASE("sections the recording lacks have no nodes; extras keep what glTF cannot say") {
    const auto cases = edge_cases::all();
    const Json camera = jsonChunk(exported(edgeCase(cases, "camera-only").recording));
    std::set<std::string> names;
    for (const auto& node : camera["nodes"]) names.insert(node["name"]);
    CHECK(names == std::set<std::string>{"Camera", "Camera_View"});
    const Json& extras = camera["animations"][0]["extras"]["inputanim"];
    CHECK(extras["schema"] == "inputanim.gltf/1");
    CHECK(extras["source"] == Json{{"layout", "compact"}, {"version", "1.1"}});
    CHECK(extras["flags"] == Json{1, 0, 0});
    CHECK_FALSE(extras.contains("curves"));  // linear, aligned keys: the channels say everything

    const Json markers = jsonChunk(exported(edgeCase(cases, "markers-only").recording));
    CHECK_FALSE(markers.contains("animations"));  // no channels: the extras live on the scene
    const Json& sceneExtras = markers["scenes"][0]["extras"]["inputanim"];
    REQUIRE(sceneExtras["markers"].size() == 2);
    CHECK(sceneExtras["markers"][1]["name"] == "fin \xe2\x9c\x93");

    const Json looping = jsonChunk(exported(edgeCase(cases, "looping").recording));
    const Json& curve = looping["animations"][0]["extras"]["inputanim"]["curves"]["camera.PositionX"];
    CHECK(curve["preWrapMode"] == 2);
    CHECK(curve["keys"].size() == 11);

    const Json stepped = jsonChunk(exported(edgeCase(cases, "stepped").recording));
    CHECK(stepped["animations"][0]["extras"]["inputanim"]["curves"]["camera.PositionX"]["keys"][0][3] == "inf");
}

TEST_CASE("every edge case exports, loads, and gives identical bytes twice") {
    for (const auto& c : edge_cases::all()) {
        INFO(c.name);
        for (bool linearOnly : {false, true}) {
            ExportOptions options;
            options.linearOnly = linearOnly;
            const auto glb = exported(c.recording, options);
            CHECK(exported(c.recording, options) == glb);
            const auto model = load(glb);
            if (linearOnly)
                for (const auto& animation : model.animations)
                    for (const auto& sampler : animation.samplers) CHECK(sampler.interpolation != "CUBICSPLINE");
        }
    }
}

TEST_CASE("a GLB in parts: the head ends with the BIN chunk's header, the buffer and its padding follow") {
    for (const auto& c : edge_cases::all()) {
        INFO(c.name);
        auto parts = exportGlbBytes(c.recording, {});
        REQUIRE(parts.ok());
        const auto& [head, bin, tail, jsonOffset, jsonText, packetAt, latePacket] = *parts;
        CHECK_FALSE(latePacket.valid());  // Digests::Now: the head is final
        std::uint32_t jsonLength;
        std::memcpy(&jsonLength, head.data() + 12, 4);
        // The JSON's place, as front ends take it: its text parses, and only padding follows it in its chunk.
        CHECK(jsonOffset == 20);
        REQUIRE(jsonText <= jsonLength);
        CHECK(!nlohmann::json::parse(head.begin() + 20, head.begin() + 20 + std::ptrdiff_t(jsonText), nullptr, false)
                   .is_discarded());
        CHECK(std::all_of(head.begin() + 20 + std::ptrdiff_t(jsonText), head.begin() + 20 + jsonLength,
                          [](std::uint8_t b) { return b == ' '; }));
        if (bin.empty()) {
            CHECK(head.size() == 20 + jsonLength);
            CHECK(tail.empty());
        } else {
            REQUIRE(head.size() == 20 + jsonLength + 8);
            std::uint32_t binLength;
            std::memcpy(&binLength, head.data() + head.size() - 8, 4);
            CHECK(std::memcmp(head.data() + head.size() - 4, "BIN", 4) == 0);
            CHECK(binLength == bin.size() + tail.size());
            CHECK(binLength % 4 == 0);
            CHECK(tail.size() < 4);
            CHECK(std::all_of(tail.begin(), tail.end(), [](std::uint8_t b) { return b == 0; }));
        }
        std::vector<std::uint8_t> joined = head;
        joined.insert(joined.end(), bin.begin(), bin.end());
        joined.insert(joined.end(), tail.begin(), tail.end());
        CHECK(joined == exported(c.recording));
    }
}

TEST_CASE("invalid keys are refused naming the curve and key") {
    // The pass that finds the recording's time range vouches only for curves of MRTK's linear keys, finite and at
    // increasing times; any other curve is still checked when its track is built, beside valid ones.
    const std::size_t z = jointCurve(Hand::Right, Joint::ThumbMetacarpalJoint, 2);
    auto refusal = [z](KeyList keys) {
        Recording r;
        r.curves[z - 2].keys = r.curves[z - 1].keys = {Key{0, 1}, Key{1, 2}};
        r.curves[z].keys = std::move(keys);
        auto glb = exportGlb(r, {});
        return glb.ok() ? std::string("exported") : glb.error().message;
    };
    const std::string curve = "curve right.ThumbMetacarpalJoint.PositionZ: ";
    CHECK(refusal({Key{0, 1}, Key{0.5f, std::numeric_limits<float>::infinity()}}) ==
          curve + "key 1 has a non-finite time or value");
    CHECK(refusal({Key{0, 1}, Key{0, 2}}) == curve + "key 1 is not later than key 0");
    Key tangent{0.5f, 1};  // finite time and value: only the full key's tangent is wrong
    tangent.inTangent = std::numeric_limits<float>::quiet_NaN();
    CHECK(refusal({Key{0, 1}, tangent}) == curve + "key 1 has a NaN tangent or a non-finite weight");
    CHECK(refusal({Key{0, 1}, Key{0.5f, 3}}) == "exported");
}

TEST_CASE("a marker name that is not UTF-8 is refused by glTF and binary output alike, naming the marker") {
    Recording r = edge_cases::all()[0].recording;
    r.markers = {{0.25f, "fine"}, {0.5f, "bad \xff name"}};
    const std::string expected = "marker 1 (at 0.500000 s): its name is not valid UTF-8 (byte 4)";
    auto glb = exportGlb(r, {});
    REQUIRE_FALSE(glb.ok());
    CHECK(glb.error().message == expected);
    auto bytes = writeRecording(r);
    REQUIRE_FALSE(bytes.ok());
    CHECK(bytes.error().message.find(expected) != std::string::npos);
    r.markers[1].name = "fin \xe2\x9c\x93";  // valid: both write it
    CHECK(exportGlb(r, {}).ok());
    CHECK(writeRecording(r).ok());
}

TEST_CASE("channels share an input accessor exactly when their times are equal to the last byte") {
    // Three keys: 12 bytes of times, one 8-byte word and a 4-byte rest, each of which can differ alone.
    Recording r;
    r.encoding = Encoding{1, Layout::Compact};
    const std::map<Joint, std::array<float, 3>> times = {{Joint::Wrist, {0, 0.5f, 1}},
                                                         {Joint::Palm, {0, 0.5f, 1}},
                                                         {Joint::ThumbTip, {0, 0.5f, std::nextafter(1.0f, 2.0f)}},
                                                         {Joint::IndexTip, {0, std::nextafter(0.5f, 0.0f), 1}}};
    for (const auto& [joint, keyTimes] : times)
        for (int c = 0; c < 3; ++c)
            for (float t : keyTimes)
                r.curves[jointCurve(Hand::Left, joint, kPositionX + c)].keys.push_back(Key{t, 0.1f});
    const tinygltf::Model model = load(exported(r));
    std::map<std::string, int> input;  // by joint node
    for (const auto& channel : model.animations[0].channels)
        if (channel.target_path == "translation")
            input[model.nodes[std::size_t(channel.target_node)].name] =
                model.animations[0].samplers[std::size_t(channel.sampler)].input;
    REQUIRE(input.count("Hand_Left_Wrist"));
    CHECK(input.at("Hand_Left_Palm") == input.at("Hand_Left_Wrist"));
    CHECK(input.at("Hand_Left_ThumbTip") != input.at("Hand_Left_Wrist"));  // the rest differs
    CHECK(input.at("Hand_Left_IndexTip") != input.at("Hand_Left_Wrist"));  // the first word differs
    CHECK(input.at("Hand_Left_IndexTip") != input.at("Hand_Left_ThumbTip"));
}

TEST_CASE("without extras the flat rig is the same channels and buffer; both rigs read back as another tool's") {
    SyntheticOptions synthetic;
    synthetic.duration = 2;
    const Recording recording = generateRecording(synthetic).value();
    for (Rig rig : {Rig::Flat, Rig::Hierarchy}) {
        INFO((rig == Rig::Hierarchy ? "hierarchy" : "flat"));
        ExportOptions options;
        options.rig = rig;
        const auto full = exportGlb(recording, options);
        options.extras = false;
        const auto plain = exportGlb(recording, options);
        REQUIRE((full && plain));
        ImportReport report;
        const auto back = importGltf(*plain, "plain.glb", {}, &report);
        REQUIRE(back);
        CHECK_FALSE(report.ownFile);
        CHECK(back->markers.empty());
        if (rig == Rig::Hierarchy) continue;  // a grid per joint (test_joint_grids.cpp)
        Json withExtras = jsonChunk(*full);
        REQUIRE(withExtras["animations"][0]["extras"].contains("inputanim"));
        withExtras["animations"][0].erase("extras");
        CHECK(jsonChunk(*plain) == withExtras);
        const auto binChunk = [](const std::vector<std::uint8_t>& glb) {
            std::uint32_t length;
            std::memcpy(&length, glb.data() + 12, 4);
            return std::vector<std::uint8_t>(glb.begin() + 20 + length, glb.end());
        };
        CHECK(binChunk(*plain) == binChunk(*full));
    }
}

TEST_CASE("a recording without keys and without extras is a scene with nothing in it, an object") {
    const auto cases = edge_cases::all();
    const Recording& empty = edgeCase(cases, "empty").recording;
    ExportOptions options;
    options.extras = false;
    const auto glb = exportGlb(empty, options);
    REQUIRE(glb);
    const Json json = jsonChunk(*glb);
    REQUIRE(json["scenes"].is_array());
    CHECK(json["scenes"][0] == Json::object());  // null is no scene (the Khronos validator: TYPE_MISMATCH)
    CHECK(json["scene"] == 0);
}

TEST_CASE("without animation: the same nodes, camera, meshes and skins at rest, and no way back") {
    SyntheticOptions synthetic;
    synthetic.duration = 2;
    Recording recording = generateRecording(synthetic).value();
    // The right hand never tracked while its joints move: it rests at a zero scale, in both files.
    Curve& tracked = recording.curves[booleanCurve(trackedCurve(Hand::Right))];
    for (std::size_t k = 0; k < tracked.keys.size(); ++k) tracked.keys.set(k, Key{tracked.keys.time(k), 0});
    const auto bytesOf = [](const tinygltf::Model& m, int accessor) {
        const tinygltf::Accessor& a = m.accessors[std::size_t(accessor)];
        const tinygltf::BufferView& v = m.bufferViews[std::size_t(a.bufferView)];
        const std::size_t size = a.count * std::size_t(tinygltf::GetNumComponentsInType(std::uint32_t(a.type))) *
                                 std::size_t(tinygltf::GetComponentSizeInBytes(std::uint32_t(a.componentType)));
        const auto start = m.buffers[0].data.begin() + std::ptrdiff_t(v.byteOffset + a.byteOffset);
        return std::vector<std::uint8_t>(start, start + std::ptrdiff_t(size));
    };
    for (Rig rig : {Rig::Flat, Rig::Hierarchy}) {
        INFO((rig == Rig::Hierarchy ? "hierarchy" : "flat"));
        ExportOptions options;
        options.rig = rig;
        ExportReport fullReport, restReport;
        const auto full = exportGlb(recording, options, &fullReport);
        options.animation = false;  // extras asked for, as by default: none without the animation
        const auto rest = exportGlb(recording, options, &restReport);
        REQUIRE((full && rest));
        const Json a = jsonChunk(*full), b = jsonChunk(*rest);
        CHECK(a["nodes"] == b["nodes"]);
        CHECK(a["nodes"].dump().find("\"scale\":[0.0,0.0,0.0]") != std::string::npos);
        CHECK(a["cameras"] == b["cameras"]);
        CHECK_FALSE(b.contains("animations"));
        CHECK(b.dump().find("\"inputanim\"") == std::string::npos);
        CHECK((restReport.channels == 0 && fullReport.channels > 0));
        const tinygltf::Model fm = load(*full), rm = load(*rest);
        REQUIRE((fm.meshes.size() == rm.meshes.size() && fm.skins.size() == rm.skins.size()));
        for (std::size_t s = 0; s < fm.skins.size(); ++s) {
            CHECK(fm.skins[s].joints == rm.skins[s].joints);
            CHECK(bytesOf(fm, fm.skins[s].inverseBindMatrices) == bytesOf(rm, rm.skins[s].inverseBindMatrices));
        }
        for (std::size_t m = 0; m < fm.meshes.size(); ++m)
            for (std::size_t p = 0; p < fm.meshes[m].primitives.size(); ++p) {
                const auto& fp = fm.meshes[m].primitives[p];
                const auto& rp = rm.meshes[m].primitives[p];
                CHECK(bytesOf(fm, fp.indices) == bytesOf(rm, rp.indices));
                for (const auto& [name, accessor] : fp.attributes)
                    CHECK(bytesOf(fm, accessor) == bytesOf(rm, rp.attributes.at(name)));
            }
    }
}
