// The JSON edit request (report.hpp, readEditRequest) and what edits report (editCountsJson).
#include <cmath>

#include "inputanim/report.hpp"

namespace inputanim {
namespace {

using Json = nlohmann::json;

constexpr const char* kEditForms =
    "an edit is {\"trim\": {\"start\", \"end\", \"keepTime\"}}, {\"shift\": seconds}, {\"retime\": speed}, "
    "{\"duration\": seconds}, {\"mirror\": true or {\"x\": metres}} or {\"markers\": {\"replace\", \"add\", "
    "\"remove\", "
    "\"rename\"}}";

// A trim's time: seconds, or a marker's name.
Result<EditTime> trimTime(const Json& value) {
    if (value.is_string()) return EditTime(value.get<std::string>());
    if (!value.is_number() || !std::isfinite(value.get<double>()))
        return Error::usage("trim: a time is seconds or a marker's name");
    return EditTime(value.get<double>());
}

Result<MarkerEdits> markerEdits(const Json& value) {
    const Error refused = Error::usage(
        "markers: {\"replace\": [{\"time\", \"name\"}], \"add\": [{\"time\", \"name\"}], \"remove\": [names], "
        "\"rename\": [[old, new]]}");
    if (!value.is_object()) return refused;
    MarkerEdits edits;
    if (value.contains("replace")) {
        edits.replace = markerListFromJson(value["replace"]);
        if (!edits.replace) return refused;
    }
    for (const auto& added : value.value("add", Json::array())) {
        auto marker = markerFromJson(added);
        if (!marker) return refused;
        edits.add.push_back(std::move(*marker));
    }
    for (const auto& name : value.value("remove", Json::array())) {
        if (!name.is_string()) return refused;
        edits.remove.push_back(name.get<std::string>());
    }
    for (const auto& pair : value.value("rename", Json::array())) {
        if (!pair.is_array() || pair.size() != 2 || !pair[0].is_string() || !pair[1].is_string()) return refused;
        edits.rename.emplace_back(pair[0].get<std::string>(), pair[1].get<std::string>());
    }
    return edits;
}

Result<EditStep> editStep(const Json& edit) {
    if (!edit.is_object() || edit.size() != 1) return Error::usage(kEditForms);
    const std::string kind = edit.begin().key();
    const Json& value = edit.begin().value();
    EditStep step;
    if (kind == "trim" && value.is_object() && value.value("keepTime", Json(false)).is_boolean()) {
        step.kind = EditStep::Kind::Trim;
        auto start = trimTime(value.value("start", Json(0)));
        if (!start) return start.error();
        step.start = *start;
        if (value.contains("end")) {
            auto end = trimTime(value["end"]);
            if (!end) return end.error();
            step.end = *end;
        }
        step.keepTime = value.value("keepTime", Json(false)).get<bool>();
    } else if ((kind == "shift" || kind == "retime" || kind == "duration") && value.is_number() &&
               std::isfinite(value.get<double>())) {
        step.kind = kind == "shift"    ? EditStep::Kind::Shift
                    : kind == "retime" ? EditStep::Kind::Retime
                                       : EditStep::Kind::Duration;
        step.amount = value.get<double>();
    } else if (kind == "mirror" &&
               (value == true || (value.is_object() && value.size() == 1 && value.value("x", Json()).is_number() &&
                                  std::isfinite(value["x"].get<double>())))) {
        step.kind = EditStep::Kind::Mirror;
        if (value.is_object()) step.mirror.plane = MirrorPlane{value["x"].get<double>(), 0, 1, 0};
    } else if (kind == "markers") {
        auto markers = markerEdits(value);
        if (!markers) return markers.error();
        step.kind = EditStep::Kind::Markers;
        step.markers = std::move(*markers);
    } else {
        return Error::usage(kEditForms);
    }
    return step;
}

}  // namespace

std::optional<Marker> markerFromJson(const nlohmann::json& value) {
    if (!value.is_object() || !value.value("time", Json()).is_number() || !value.value("name", Json()).is_string())
        return std::nullopt;
    const float time = markerTime(value["time"].get<double>());
    if (!std::isfinite(time)) return std::nullopt;
    return Marker{time, value["name"].get<std::string>()};
}

std::optional<std::vector<Marker>> markerListFromJson(const nlohmann::json& value) {
    if (!value.is_array()) return std::nullopt;
    std::vector<Marker> markers;
    for (const auto& element : value) {
        auto marker = markerFromJson(element);
        if (!marker) return std::nullopt;
        markers.push_back(std::move(*marker));
    }
    return markers;
}

Result<std::vector<EditStep>> readEditRequest(std::string_view text) {
    const Json request = Json::parse(text, nullptr, false);
    if (!request.is_object() || !request.contains("edits") || !request["edits"].is_array())
        return Error::usage("expected {\"edits\": [...]}");
    if (request["edits"].size() > kMaxEditsPerRequest)
        return Error::usage(std::to_string(request["edits"].size()) + " edits are more than the " +
                            std::to_string(kMaxEditsPerRequest) + " one request applies");
    std::vector<EditStep> steps;
    for (std::size_t i = 0; i < request["edits"].size(); ++i) {
        auto step = editStep(request["edits"][i]);
        if (!step) return std::move(Error(step.error()).at("/edits/" + std::to_string(i)));
        steps.push_back(std::move(*step));
    }
    return steps;
}

ReportJson editCountsJson(const EditReport& report) {
    return {{"keysKept", report.keysKept},         {"keysAdded", report.keysAdded},
            {"timesRounded", report.timesRounded}, {"valuesRounded", report.valuesRounded},
            {"markersKept", report.markersKept},   {"markersDropped", report.markersDropped}};
}

}  // namespace inputanim
