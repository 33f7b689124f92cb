// The profile table (inputanim.profile/1) that front ends in other languages read: every node an export writes is
// named as the table says, states are keyed on its path with its interpolation and values, and its state rule and
// option ranges are the ones the library applies (MRTK's Boolean rule, written here from InputAnimation.cs).
#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "inputanim/analysis/synthetic.hpp"
#include "inputanim/core/joints.hpp"
#include "inputanim/gltf/export.hpp"
#include "inputanim/gltf/import_options.hpp"
#include "inputanim/analysis/time_grid.hpp"
#include "inputanim/report.hpp"
#include "support/exported_json.hpp"

using namespace inputanim;

namespace {

// Every name a profile node may take, built from the table alone.
std::set<std::string> namesOf(const ReportJson& table) {
    const auto& nodes = table["nodes"];
    std::set<std::string> names = {nodes["camera"], nodes["cameraView"], nodes["gaze"], nodes["gazeDirection"]};
    for (const auto& [side, hand] : nodes["hands"].items()) {
        const std::string root = hand;
        names.insert(
            {root, root + nodes["pinchingSuffix"].get<std::string>(), root + nodes["meshSuffix"].get<std::string>()});
        for (const auto& joint : table["joints"]) names.insert(root + "_" + joint.get<std::string>());
    }
    return names;
}

}  // namespace

TEST_CASE("profile table: every node an export writes is named as the table says", "[profile]") {
    const ReportJson table = profileTableJson();
    REQUIRE(table["schema"] == "inputanim.profile/1");
    REQUIRE(table["joints"].size() == std::size_t(kJointCount));
    const auto names = namesOf(table);
    SyntheticOptions options;
    options.duration = 1;
    for (Rig rig : {Rig::Flat, Rig::Hierarchy}) {
        ExportOptions exportOptions;
        exportOptions.rig = rig;
        const auto json =
            nlohmann::json::parse(jsonChunkText(exportGlb(generateRecording(options).value(), exportOptions).value()));
        std::set<std::string> written;
        for (const auto& node : json["nodes"]) written.insert(node["name"].get<std::string>());
        for (const auto& name : written) CHECK(names.count(name) == 1);
        CHECK(written.count(table["nodes"]["hands"]["Left"]) == 1);
        CHECK(written.count(table["nodes"]["gazeDirection"]) == 1);
        REQUIRE(json["animations"].size() == 1);
        CHECK(json["animations"][0]["name"] == table["nodes"]["animation"].get<std::string>());
        // The states: the hands' roots and pinching nodes, keyed on the table's path, with its interpolation and
        // values.
        int stateChannels = 0;
        for (const auto& channel : json["animations"][0]["channels"]) {
            const std::string node = json["nodes"][channel["target"]["node"].get<int>()]["name"];
            const bool state = node == table["nodes"]["hands"]["Left"] || node == table["nodes"]["hands"]["Right"] ||
                               node.ends_with(table["nodes"]["pinchingSuffix"].get<std::string>());
            if (!state) continue;
            ++stateChannels;
            CHECK(channel["target"]["path"] == table["states"]["path"].get<std::string>());
            CHECK(json["animations"][0]["samplers"][channel["sampler"].get<int>()]["interpolation"] ==
                  table["states"]["interpolation"].get<std::string>());
        }
        CHECK(stateChannels == 4);
    }
}

TEST_CASE("profile table: the state rule and option ranges are those the library applies", "[profile]") {
    const ReportJson table = profileTableJson();
    const float onAbove = table["states"]["onAbove"];
    // MRTK (InputAnimation.cs): a Boolean curve's value is true when it is greater than 0.5.
    CHECK(onAbove == 0.5f);
    CHECK_FALSE(booleanOn(onAbove));
    CHECK(booleanOn(std::nextafter(onAbove, 1.0f)));
    CHECK(booleanOn(table["states"]["on"].get<float>()));
    CHECK_FALSE(booleanOn(table["states"]["off"].get<float>()));
    CHECK(table["options"]["hold"]["least"] == 0.001);
    CHECK(table["options"]["hold"]["most"] == 3600.0);
    // The sampling rates sample, plot and diff take (timeGrid refuses the others).
    CHECK(table["options"]["rate"]["least"] == 0.001);
    CHECK(table["options"]["rate"]["most"] == 100000.0);
    CHECK(timeGrid(0, 1, table["options"]["rate"]["least"].get<double>()).ok());
    CHECK_FALSE(timeGrid(0, 1, std::nextafter(table["options"]["rate"]["most"].get<double>(), 1e9)).ok());
    CHECK(table["options"]["hold"]["default"] == ImportOptions{}.hold);
    CHECK(table["inputKinds"]["binary"] == inputKindName(InputKind::MrtkBinary));
    // What each version holds, as the writer decides it: a recording with eye gaze is refused as 1.0, kept as 1.1.
    Recording gazing;
    gazing.hasEyeGaze = 1;
    gazing.curves[gazeCurve(kGazeOriginX)].keys.push_back(Key{0.0f, 1.0f, 0, 0, 0, 0, 3});
    for (const auto& [version, encoding] : {std::pair{"1.0", kEncoding10}, std::pair{"1.1", kEncoding11Compact}}) {
        gazing.encoding = encoding;
        CHECK(table["formats"][version]["eyeGaze"] == !unrepresentable(gazing).has_value());
    }
}
