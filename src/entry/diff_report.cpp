// Schema inputanim.diff/1 (docs/cli.md): what `inputanim diff --json` prints and the loader's recording.diff() returns.
#include "inputanim/analysis/diff.hpp"
#include "inputanim/report.hpp"

#include <optional>
#include <string>

namespace inputanim {
namespace {

ReportJson spansJson(const std::vector<DiffSpan>& spans) {
    ReportJson json = ReportJson::array();
    for (const auto& s : spans) json.push_back({s.start, s.end});
    return json;
}

ReportJson worstJson(const std::vector<DiffSpan>& spans) {
    ReportJson json = ReportJson::array();
    for (const auto& s : spans) json.push_back({{"time", s.worst}, {"pose", s.pose}, {"excess", s.excess}});
    return json;
}

constexpr const char* kDiffOptionNames =
    "rate, start, end, offset, positionTolerance, rotationTolerance, switchTolerance";

// Where each option of readDiffOptions goes.
double* plainField(DiffOptions& options, const std::string& name) {
    if (name == "rate") return &options.rate;
    if (name == "offset") return &options.offset;
    if (name == "positionTolerance") return &options.positionTolerance;
    if (name == "rotationTolerance") return &options.rotationTolerance;
    if (name == "switchTolerance") return &options.switchTolerance;
    return nullptr;
}

}  // namespace

Result<DiffOptions> readDiffOptions(std::string_view text) {
    const auto json = nlohmann::json::parse(text, nullptr, false);
    if (!json.is_object())
        return Error::usage(std::string("diff options: expected a JSON object of ") + kDiffOptionNames);
    DiffOptions options;
    for (const auto& [name, value] : json.items()) {
        std::optional<double>* time = name == "start" ? &options.start : name == "end" ? &options.end : nullptr;
        double* field = plainField(options, name);
        if (!time && !field) return Error::usage("diff options: '" + name + "' is not one (" + kDiffOptionNames + ")");
        if (value.is_null()) continue;  // the default
        if (!value.is_number())
            return Error::usage("diff options: '" + name + "' takes a finite number, or null for its default");
        if (time) *time = value.get<double>();
        else *field = value.get<double>();
    }
    if (auto checked = checkDiffOptions(options); !checked) return checked.error();
    return options;
}

ReportJson diffJson(const DiffReport& report, const DiffOptions& options, const std::string& a, const std::string& b) {
    ReportJson json{{"schema", "inputanim.diff/1"},
                    {"a", a},
                    {"b", b},
                    {"rate", options.rate},
                    {"start", report.start},
                    {"end", report.end},
                    {"offset", options.offset},
                    {"within", withinTolerances(report, options)},
                    {"tolerances",
                     {{"position", options.positionTolerance},
                      {"rotation", options.rotationTolerance},
                      {"switch", options.switchTolerance}}},
                    {"maxPosition", report.maxPosition},
                    {"maxRotation", report.maxRotation},
                    {"maxSwitchShift", report.maxSwitchShift},
                    {"onlyInA", report.onlyInA},
                    {"onlyInB", report.onlyInB},
                    {"differs", spansJson(report.differs)},
                    {"worst", worstJson(report.differs)}};
    ReportJson poses = ReportJson::array();
    for (const auto& p : report.poses)
        poses.push_back({{"name", p.name},
                         {"samples", p.samples},
                         {"maxPosition", p.maxPosition},
                         {"meanPosition", p.meanPosition},
                         {"maxRotation", p.maxRotation},
                         {"meanRotation", p.meanRotation},
                         {"differs", spansJson(p.differs)},
                         {"worst", worstJson(p.differs)}});
    json["poses"] = poses;
    ReportJson booleans = ReportJson::array();
    for (const auto& d : report.booleans)
        booleans.push_back({{"name", d.name},
                            {"switchesA", d.switchesA},
                            {"switchesB", d.switchesB},
                            {"maxShift", d.maxShift},
                            {"countsDiffer", d.countsDiffer}});
    json["booleans"] = booleans;
    return json;
}

}  // namespace inputanim
