// The JSON reports.
#include "inputanim/report.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>

namespace inputanim {
namespace {

// Float32 values as their shortest decimal (0.9f prints 0.9, not 0.89999997615814209): the fewest significant
// digits that read back as the same float (std::to_chars of a float, which emscripten's libc++ lacks).
ReportJson shortestJson(float value) {
    char text[32];
    for (int digits = 1;; ++digits) {
        std::snprintf(text, sizeof text, "%.*g", digits, double(value));
        if (digits >= 9 || std::strtof(text, nullptr) == value) return ReportJson(std::strtod(text, nullptr));
    }
}

ReportJson intervalsJson(const std::vector<Interval>& intervals) {
    ReportJson list = ReportJson::array();
    for (const auto& interval : intervals) list.push_back({interval.start, interval.end});
    return list;
}

ReportJson findingList(const std::vector<Finding>& findings) {
    ReportJson list = ReportJson::array();
    for (const auto& finding : findings)
        list.push_back({{"severity", severityName(finding.severity)},
                        {"code", finding.code},
                        {"curve", finding.curve},
                        {"key", finding.key ? ReportJson(*finding.key) : ReportJson(nullptr)},
                        {"message", finding.message}});
    return list;
}

}  // namespace

ReportJson findingsJson(const std::vector<Finding>& findings) { return findingList(findings); }

ReportJson profileFindingsJson(const std::vector<Finding>& findings) {
    ReportJson list = ReportJson::array();
    for (const auto& f : findings)
        list.push_back(
            {{"severity", severityName(f.severity)}, {"code", f.code}, {"pointer", f.pointer}, {"message", f.message}});
    return list;
}

ReportJson infoJson(const std::string& path, const Recording& recording, const LoadReport& loaded,
                    const RecordingSummary& summary, const std::vector<Finding>& findings) {
    ReportJson json;
    json["schema"] = "inputanim.info/1";
    json["file"] = path;
    json["format"] = {{"version", versionName(recording.encoding)}, {"layout", layoutName(recording.encoding.layout)}};
    json["flags"] = {{"hasCameraPose", recording.hasCameraPose != 0},
                     {"hasHandData", recording.hasHandData != 0},
                     {"hasEyeGaze", recording.hasEyeGaze != 0}};
    json["duration"] = summary.duration;
    json["keyTimes"] = {{"start", summary.keyTimes.start}, {"end", summary.keyTimes.end}};
    json["curves"] = summary.curves;
    json["keys"] = summary.keys;
    ReportJson sections = ReportJson::object();
    for (const auto& section : summary.sections)
        sections[section.name] = {{"present", section.present},
                                  {"curves", section.curves},
                                  {"curvesWithKeys", section.curvesWithKeys},
                                  {"keys", section.keys}};
    json["sections"] = sections;
    json["tracked"] = {{"left", intervalsJson(summary.booleanTrue[0])},
                       {"right", intervalsJson(summary.booleanTrue[1])}};
    json["pinching"] = {{"left", intervalsJson(summary.booleanTrue[2])},
                        {"right", intervalsJson(summary.booleanTrue[3])}};
    ReportJson markers = ReportJson::array();
    for (const auto& marker : recording.markers)
        markers.push_back({{"time", shortestJson(marker.time)}, {"name", marker.name}});
    json["markers"] = markers;
    json["findings"] = findingList(findings);
    json["input"] = {{"kind", inputKindName(loaded.kind)}};
    if (isGltfInput(loaded.kind)) {
        ReportJson animations = ReportJson::array();
        for (const auto& a : loaded.gltf.animations)
            animations.push_back({{"name", a.name}, {"channels", a.channels}, {"duration", a.duration}});
        json["input"]["ownFile"] = loaded.gltf.ownFile;
        json["input"]["animations"] = animations;
        json["input"]["animation"] =
            loaded.gltf.animation < 0 ? ReportJson(nullptr) : ReportJson(loaded.gltf.animation);
        json["input"]["extensionsUsed"] = loaded.gltf.extensionsUsed;
        if (const auto& p = loaded.gltf.provenance) json["input"]["provenance"] = provenanceJson(*p);
        json["input"]["notes"] = ReportJson::array();
        for (const auto& note : loaded.gltf.notes) json["input"]["notes"].push_back(note.message);
    }
    return json;
}

ReportJson provenanceJson(const Provenance& p) {
    return {{"sourceName", p.sourceName},
            {"sourceBytes", p.sourceBytes},
            {"sourceSha256", p.sourceSha256},
            {"sourceFormat", p.sourceFormat},
            {"tool", p.tool},
            {"date", p.date}};
}

ReportJson messagesJson(const std::vector<std::pair<std::string, Finding>>& messages) {
    ReportJson list = ReportJson::array();
    for (const auto& [file, m] : messages)
        list.push_back(
            {{"severity", severityName(m.severity)}, {"code", m.code}, {"file", file}, {"message", m.message}});
    return list;
}

ReportJson verifyJson(const std::string& archive, const std::string& original, const ArchiveCheck& c) {
    ReportJson json = {{"schema", "inputanim.verify/1"}, {"archive", archive}, {"identical", c.identical()}};
    json["wayBack"] = c.wayBack;
    json["rebuilt"] = {{"bytes", c.rebuiltBytes}, {"sha256", c.rebuiltSha256}};
    json["recorded"] = nullptr;
    if (c.recorded) {
        json["recorded"] = provenanceJson(*c.recorded);
        json["recorded"]["matches"] = *c.matchesRecorded;
    }
    json["bufferIntact"] = c.bufferIntact ? ReportJson(*c.bufferIntact) : ReportJson(nullptr);
    json["original"] = nullptr;
    if (c.matchesOriginal)
        json["original"] = {{"path", original},
                            {"bytes", *c.originalBytes},
                            {"sha256", c.originalSha256},
                            {"matches", *c.matchesOriginal}};
    return json;
}

SampleColumns sampleColumns(const Recording& recording, const Selection& selection) {
    SampleColumns columns;
    const bool all = selection.empty();
    columns.camera = recording.hasCameraPose && (all || selection.camera);
    columns.gaze = recording.hasEyeGaze && (all || selection.gaze);
    if (!recording.hasHandData) return columns;
    for (Hand hand : kHands) {
        auto& joints = columns.joints[int(hand)];
        if (all || selection.hands[int(hand)]) joints.assign(kJoints.begin(), kJoints.end());
        for (const auto& [side, joint] : selection.joints)
            if (side == hand && std::find(joints.begin(), joints.end(), joint) == joints.end()) joints.push_back(joint);
    }
    return columns;
}

SampleColumns allSampleColumns() {
    SampleColumns columns;
    columns.camera = columns.gaze = true;
    for (auto& joints : columns.joints) joints.assign(kJoints.begin(), kJoints.end());
    return columns;
}

std::vector<std::string> sampleColumnNames(const SampleColumns& columns) {
    std::vector<std::string> names{"time"};
    auto pose = [&](const std::string& prefix) {
        for (const char* c : {"px", "py", "pz", "qx", "qy", "qz", "qw"}) names.push_back(prefix + "." + c);
    };
    if (columns.camera) pose("camera");
    for (Hand hand : kHands) {
        if (columns.joints[int(hand)].empty()) continue;
        const std::string side(handName(hand));
        names.push_back(side + ".tracked");
        names.push_back(side + ".pinching");
        for (Joint joint : columns.joints[int(hand)]) pose(side + "." + std::string(jointName(joint)));
    }
    if (columns.gaze)
        for (const char* c : {"gaze.ox", "gaze.oy", "gaze.oz", "gaze.dx", "gaze.dy", "gaze.dz"}) names.push_back(c);
    return names;
}

Status checkSampleSize(std::size_t frames, const SampleColumns& columns) {
    std::size_t perFrame = 1 + (columns.camera ? 7 : 0) + (columns.gaze ? 6 : 0);  // the time, poses, gaze
    for (const auto& joints : columns.joints) perFrame += joints.empty() ? 0 : 2 + 7 * joints.size();  // states, poses
    if (frames <= kMaxSampleValues / perFrame) return Success{};
    return Error::refused(std::to_string(frames) + " frames of " + std::to_string(perFrame) +
                              " values would be more than the " + std::to_string(kMaxSampleValues) +
                              " values one sampling holds",
                          Reason::GridTooLarge);
}

ReportJson frameJson(const FrameSample& frame, const SampleColumns& columns) {
    auto pose = [](const PoseSample& p) {
        return ReportJson{{"position", p.position},
                          {"rotation", p.rotationDefined ? ReportJson(p.rotation) : ReportJson(nullptr)}};
    };
    ReportJson json{{"time", frame.time}};
    if (columns.camera) json["camera"] = pose(frame.camera);
    for (Hand hand : kHands) {
        const int h = int(hand);
        if (columns.joints[h].empty()) continue;
        ReportJson joints = ReportJson::object();
        for (Joint joint : columns.joints[h])
            joints[std::string(jointName(joint))] = pose(frame.joints[h][indexOf(joint)]);
        json[std::string(handName(hand))] = {
            {"tracked", frame.tracked[h]}, {"pinching", frame.pinching[h]}, {"joints", joints}};
    }
    if (columns.gaze) json["gaze"] = {{"origin", frame.gazeOrigin}, {"direction", frame.gazeDirection}};
    return json;
}

}  // namespace inputanim
