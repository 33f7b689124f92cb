// The profile validator: our own exports pass with no finding; each broken rule gives its code and pointer.
#include <catch2/catch.hpp>
#include <functional>

#include "support/edge_cases.hpp"
#include "support/exported_json.hpp"
#include "support/foreign_gltf.hpp"
#include "support/glb_json.hpp"
#include "inputanim/gltf/export.hpp"
#include "inputanim/load.hpp"
#include "inputanim/analysis/synthetic.hpp"

using namespace inputanim;
using Json = nlohmann::json;

namespace {

ValidationReport validate(const std::vector<std::uint8_t>& bytes) {
    auto report = validateInput(bytes, "test.glb");
    if (!report) FAIL(report.error().describe());
    return *report;
}

// The profile findings of a generated recording's GLB after `edit` changed its JSON.
std::vector<Finding> findingsAfter(const std::function<void(Json&)>& edit) {
    auto [json, bin] = splitGlb(exported(generateRecording({}).value()));
    edit(json);
    return validate(glb(json, bin)).profile;
}

int nodeNamed(const Json& json, const std::string& name) {
    for (std::size_t n = 0; n < json["nodes"].size(); ++n)
        if (json["nodes"][n].value("name", "") == name) return int(n);
    FAIL("no node " << name);
    return -1;
}

Json& channelOf(Json& json, const std::string& node, const std::string& path) {
    const int index = nodeNamed(json, node);
    for (auto& channel : json["animations"][0]["channels"])
        if (channel["target"]["node"] == index && channel["target"]["path"] == path) return channel;
    FAIL("no channel " << node << " " << path);
    return json;
}

bool has(const std::vector<Finding>& findings, const std::string& code, const std::string& pointer = "") {
    for (const auto& f : findings)
        if (f.code == code && (pointer.empty() || f.pointer == pointer)) return true;
    return false;
}

}  // namespace

TEST_CASE("every edge case and sample exports to a file with no profile finding") {
    std::vector<std::pair<std::string, Recording>> recordings;
    for (auto& c : edge_cases::all()) recordings.emplace_back(c.name, c.recording);
    recordings.emplace_back("generated", generateRecording({}).value());
    for (const auto& [name, recording] : recordings)
        for (bool linearOnly : {false, true}) {
            INFO(name << (linearOnly ? " --linear-only" : ""));
            const auto report = validate(exported(recording, {.linearOnly = linearOnly}));
            CHECK(report.ownFile);
            CHECK(report.converted);
            for (const auto& f : report.profile) UNSCOPED_INFO(f.code << " " << f.pointer << ": " << f.message);
            CHECK(report.profile.empty());
        }
}

TEST_CASE("each broken profile rule is reported with its code and JSON pointer") {
    SECTION("a missing joint") {
        auto f = findingsAfter([](Json& j) { j["nodes"][nodeNamed(j, "Hand_Left_IndexTip")]["name"] = "IndexTip"; });
        CHECK(has(f, "node-missing"));
        CHECK(has(f, "skin-missing"));
    }
    SECTION("a duplicate name") {
        auto f = findingsAfter([](Json& j) { j["nodes"][nodeNamed(j, "Gaze_Direction")]["name"] = "Camera_View"; });
        CHECK(has(f, "node-name-duplicate"));
    }
    SECTION("a name three.js would change") {
        int added = 0;
        auto f = findingsAfter([&](Json& j) {
            j["nodes"].push_back({{"name", "Hand.Left.Extra"}});
            added = int(j["nodes"].size()) - 1;
        });
        CHECK(has(f, "node-name-characters", "/nodes/" + std::to_string(added)));
    }
    SECTION("a joint moved under another joint") {
        int wrist = 0;
        auto f = findingsAfter([&](Json& j) {
            const int hand = nodeNamed(j, "Hand_Left"), tip = nodeNamed(j, "Hand_Left_IndexTip");
            wrist = nodeNamed(j, "Hand_Left_Wrist");
            auto& children = j["nodes"][hand]["children"];
            children.erase(std::find(children.begin(), children.end(), Json(tip)));
            j["nodes"][wrist]["children"].push_back(tip);
            wrist = tip;
        });
        CHECK(has(f, "node-parent", "/nodes/" + std::to_string(wrist)));
    }
    SECTION("a camera view that does not turn") {
        auto f = findingsAfter([](Json& j) { j["nodes"][nodeNamed(j, "Camera_View")].erase("rotation"); });
        CHECK(has(f, "camera-view-rotation"));
    }
    SECTION("a camera view without its camera") {
        auto f = findingsAfter([](Json& j) { j["nodes"][nodeNamed(j, "Camera_View")].erase("camera"); });
        CHECK(has(f, "camera-missing"));
    }
    SECTION("a hand with a rest offset") {
        auto f = findingsAfter([](Json& j) { j["nodes"][nodeNamed(j, "Hand_Right")]["translation"] = {0, 1, 0}; });
        CHECK(has(f, "hand-rest"));
    }
    SECTION("a tracked state that interpolates") {
        auto f = findingsAfter([](Json& j) {
            const int sampler = channelOf(j, "Hand_Left", "scale")["sampler"];
            j["animations"][0]["samplers"][sampler]["interpolation"] = "LINEAR";
        });
        CHECK(has(f, "state-interpolation"));
    }
    SECTION("a channel the profile does not allow") {
        auto f = findingsAfter([](Json& j) { channelOf(j, "Gaze", "translation")["target"]["path"] = "scale"; });
        CHECK(has(f, "channel-path"));
    }
    SECTION("a channel on a node outside the profile") {
        auto f = findingsAfter([](Json& j) {
            j["nodes"].push_back({{"name", "Prop"}});
            j["scenes"][0]["nodes"].push_back(j["nodes"].size() - 1);
            channelOf(j, "Gaze", "translation")["target"]["node"] = j["nodes"].size() - 1;
        });
        CHECK(has(f, "channel-foreign-node"));
    }
    SECTION("a second animation") {
        auto f = findingsAfter([](Json& j) {
            Json copy = j["animations"][0];
            copy["name"] = "Other";
            copy.erase("extras");
            copy["channels"] = Json::array();
            j["animations"].push_back(copy);
        });
        CHECK(has(f, "animation-extra", "/animations/1"));
    }
    SECTION("a renamed animation") {
        auto f = findingsAfter([](Json& j) { j["animations"][0]["name"] = "Take 001"; });
        CHECK(has(f, "animation-missing"));
    }
    SECTION("extras of another schema") {
        auto f = findingsAfter([](Json& j) { j["animations"][0]["extras"]["inputanim"]["schema"] = "something/9"; });
        CHECK(has(f, "extras-schema"));
    }
    SECTION("extras whose schema is not a string (found by fuzzing: was an uncaught JSON type error)") {
        auto f = findingsAfter([](Json& j) { j["animations"][0]["extras"]["inputanim"]["schema"] = Json::object(); });
        CHECK(has(f, "extras-schema"));
    }
}

TEST_CASE("a state with values other than 0 and 1, and non-unit rotations, are errors") {
    auto split = splitGlb(exported(generateRecording({}).value()));
    auto& json = split.first;  // named, not bound: a lambda captures it (clang 14 captures no structured binding)
    auto& bin = split.second;
    // Scale the first output value of the tracked state and of a LINEAR rotation in the binary chunk.
    auto firstOutput = [&](const std::string& node, const std::string& path) -> float* {
        const int sampler = channelOf(json, node, path)["sampler"];
        const auto& accessor = json["accessors"][json["animations"][0]["samplers"][sampler]["output"].get<int>()];
        const auto& view = json["bufferViews"][accessor["bufferView"].get<int>()];
        return reinterpret_cast<float*>(bin.data() + view.value("byteOffset", 0) + accessor.value("byteOffset", 0));
    };
    firstOutput("Hand_Left", "scale")[0] = 0.5f;
    float* q = firstOutput("Camera", "rotation");
    for (int i = 0; i < 4; ++i) q[i] *= 1.1f;
    const auto report = validate(glb(json, bin));
    CHECK(has(report.profile, "state-value"));
    CHECK(has(report.profile, "rotation-non-unit"));
}

TEST_CASE("a foreign file is told apart from a file in the profile") {
    ForeignModel m;
    const int armature = m.node("Armature.L", -1);
    const int tip = m.node("index-finger-tip", armature, {0.1, 0, 0});
    m.channel(tip, "translation", {0, 1}, {0, 0, 0, 0.1f, 0.2f, 0.3f});
    addRestHand(m, Hand::Left, [](Joint j) { return "bone_" + std::string(jointName(j)); }, armature,
                {Joint::IndexTip});
    const auto report = validate(m.glb());
    CHECK_FALSE(report.ownFile);
    CHECK(has(report.profile, "not-profile"));
    CHECK(report.converted);  // it converts by joint names all the same
    for (const auto& finding : report.profile)
        CHECK(finding.severity == Severity::Note);  // a valid file of another tool
    CHECK(has(report.profile, "import-note"));  // what the import assumed, reported
}

TEST_CASE("a file that loads but cannot convert is an import-failed finding, not an error") {
    ForeignModel m;
    const int n = m.node("Cube", -1);
    m.channel(n, "translation", {0, 1}, {0, 0, 0, 1, 0, 0});
    const auto report = validate(m.glb());
    CHECK(has(report.profile, "import-failed"));
    CHECK_FALSE(report.converted);
}
