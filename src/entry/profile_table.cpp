// The profile table (report.hpp, profileTableJson): the library's definitions as data.
#include "inputanim/analysis/time_grid.hpp"
#include "inputanim/core/joints.hpp"
#include "inputanim/edit/edit.hpp"
#include "inputanim/gltf/export.hpp"
#include "inputanim/gltf/import_options.hpp"
#include "inputanim/job.hpp"
#include "inputanim/gltf/profile_names.hpp"
#include "inputanim/report.hpp"
#include "inputanim/save.hpp"

namespace inputanim {

namespace {

ReportJson nodesJson() {
    ReportJson hands = ReportJson::object();
    for (Hand hand : kHands)
        hands[std::string(sideName(hand))] = std::string(profile::kHandPrefix).append(sideName(hand));
    return {{"animation", profile::kAnimation},         {"camera", profile::kCamera},
            {"cameraView", profile::kCameraView},       {"gaze", profile::kGaze},
            {"gazeDirection", profile::kGazeDirection}, {"hands", hands},
            {"handPrefix", profile::kHandPrefix},       {"pinchingSuffix", profile::kPinchingSuffix},
            {"meshSuffix", profile::kMeshSuffix}};
}

ReportJson optionsJson() {
    const ImportOptions reading;
    const Tolerances tolerances;
    const ExportOptions gltf;
    return {{"hold", {{"least", kHoldLeast}, {"most", kHoldMost}, {"default", reading.hold}, {"unit", "s"}}},
            {"positionTolerance", {{"default", tolerances.position}, {"unit", "m"}}},
            {"rotationTolerance", {{"default", tolerances.rotation}, {"unit", "degrees"}}},
            {"fieldOfView",
             {{"least", kFieldOfViewLeast},
              {"most", kFieldOfViewMost},
              {"default", gltf.verticalFieldOfView},
              {"unit", "degrees"}}},
            {"rate", {{"least", kRateLeast}, {"most", kRateMost}, {"default", kRateDefault}, {"unit", "Hz"}}},
            {"editsPerRequest", kMaxEditsPerRequest},
            {"compress", kCompressionNames},
            {"reading", kReadingOptionNames}};
}

// What each format version holds that front ends offer: {"1.0": {"eyeGaze": false}, "1.1": {"eyeGaze": true}}.
ReportJson formatsJson() {
    ReportJson formats = ReportJson::object();
    for (std::int32_t minor : {0, 1})
        formats[std::string(versionName(Encoding{minor, Layout::Compact}))] = {
            {"eyeGaze", holdsEyeGaze(Encoding{minor, Layout::Compact})}};
    return formats;
}

}  // namespace

ReportJson profileTableJson() {
    ReportJson joints = ReportJson::array();
    for (Joint joint : kJoints) joints.push_back(jointName(joint));
    const ReportJson kinds = {{"binary", inputKindName(InputKind::MrtkBinary)},
                              {"glb", inputKindName(InputKind::Glb)},
                              {"gltf", inputKindName(InputKind::GltfJson)},
                              {"iwer", inputKindName(InputKind::IwerCapture)}};
    return {{"schema", "inputanim.profile/1"},
            {"nodes", nodesJson()},
            {"joints", joints},
            {"states",
             {{"path", profile::kStatePath},
              {"interpolation", profile::kStateInterpolation},
              {"on", profile::kStateOn},
              {"off", profile::kStateOff},
              {"onAbove", kBooleanThreshold}}},
            {"inputKinds", kinds},
            {"options", optionsJson()},
            {"eyeHeight", profile::kStandingEyeHeight},
            {"formats", formatsJson()}};
}

}  // namespace inputanim
