// The reading options of front ends that speak JSON (readLoadOptions, the loader's setOptions and the binding's
// open): each name lands in the field the CLI's flag sets, null keeps the default, and anything else is refused by
// name before anything is read. The names are the profile table's options.reading.
#include <catch2/catch.hpp>

#include "inputanim/gltf/import_options.hpp"
#include "inputanim/report.hpp"

using namespace inputanim;

TEST_CASE("reading options: each JSON name sets the field its CLI flag sets", "[load-options]") {
    auto options = readLoadOptions(R"({"animation": "Walk", "side": "right", "hold": 2.5, "prerelease2019": true,
        "acceptDamaged": true, "map": {"camera": "HMD", "joints": {"thing42": "left.IndexTip"}}})");
    REQUIRE(options.ok());
    CHECK(options->gltf.animation == "Walk");
    CHECK(options->gltf.side == Hand::Right);
    CHECK(options->gltf.hold == 2.5);
    CHECK(options->binary.acceptPrerelease2019);
    CHECK(options->gltf.acceptDamaged);
    CHECK(options->gltf.map.camera == "HMD");
    CHECK(options->gltf.map.joints.at("thing42") == "left.IndexTip");
    CHECK(readLoadOptions(R"({"animation": 3, "side": "left"})")->gltf.animation == "3");
    CHECK(readLoadOptions(R"({"side": "left"})")->gltf.side == Hand::Left);
    // Null and absent are the defaults: nothing the CLI would not do without the flag.
    auto defaults = readLoadOptions(R"({"animation": null, "side": null, "map": null, "hold": null})");
    REQUIRE(defaults.ok());
    CHECK(defaults->gltf.animation.empty());
    CHECK_FALSE(defaults->gltf.side.has_value());
    CHECK(defaults->gltf.hold == ImportOptions{}.hold);
    CHECK_FALSE(defaults->binary.acceptPrerelease2019);
    CHECK_FALSE(defaults->checkProfile);
    CHECK(defaults->gltf.map.joints.empty());
    // The hold range's ends are the CLI's own.
    CHECK(readLoadOptions(R"({"hold": 0.001})").ok());
    CHECK(readLoadOptions(R"({"hold": 3600})").ok());
}

TEST_CASE("reading options: an unknown name or a value its option does not take is refused by name", "[load-options]") {
    const auto refused = [](const char* json, ErrorKind kind = ErrorKind::Usage) {
        auto options = readLoadOptions(json);
        REQUIRE_FALSE(options.ok());
        CHECK(options.error().kind == kind);
        return options.error().message;
    };
    CHECK_THAT(refused(R"({"sied": "left"})"),
               Catch::Contains("'sied' is not one (animation, side, map, hold, prerelease2019, acceptDamaged)"));
    CHECK_THAT(refused(R"({"side": "up"})"), Catch::Contains("'side' takes \"left\" or \"right\""));
    CHECK_THAT(refused(R"({"hold": 0.0009})"), Catch::Contains("'hold' takes seconds, 0.001 to 3600"));
    CHECK_THAT(refused(R"({"hold": 3600.5})"), Catch::Contains("'hold' takes seconds"));
    CHECK_THAT(refused(R"({"hold": "1"})"), Catch::Contains("'hold' takes seconds"));
    CHECK_THAT(refused(R"({"animation": -1})"), Catch::Contains("'animation' takes a name or an index"));
    CHECK_THAT(refused(R"({"prerelease2019": 1})"), Catch::Contains("'prerelease2019' takes true or false"));
    CHECK_THAT(refused(R"({"map": []})"), Catch::Contains("'map' takes a node map's JSON object"));
    // A map's own faults are the node map reader's, as for --map's file.
    CHECK_THAT(refused(R"({"map": {"camera": 7}})", ErrorKind::Malformed),
               Catch::Contains("not a string where the node map expects one"));
    CHECK_THAT(refused("[]"), Catch::Contains("expected a JSON object of animation, side, map, hold"));
    CHECK_THAT(refused("{"), Catch::Contains("expected a JSON object"));
}

TEST_CASE("reading options: the profile table lists the names readLoadOptions takes", "[load-options]") {
    const ReportJson reading = profileTableJson()["options"]["reading"];
    REQUIRE(reading.size() == kReadingOptionNames.size());
    for (const auto& name : reading) {
        CAPTURE(name);
        // Each listed name is one the reader takes (null: its default), and no other name is.
        CHECK(readLoadOptions("{\"" + name.get<std::string>() + "\": null}").ok());
    }
    CHECK_FALSE(readLoadOptions(R"({"check": null})").ok());
}
