// A job as JSON (readJob, schema inputanim.job/1), its report (runReportJson, schema inputanim.run/1) and a markers
// file (readMarkersFile).
#include <algorithm>
#include <cmath>

#include "inputanim/job.hpp"

namespace inputanim {
namespace {

using Json = nlohmann::json;

// clang-format off
constexpr std::string_view kJobNames[] = {
    "input", "output", "reading", "base", "parts", "markers", "markersFile", "edits", "to", "embed", "overwrite",
    "formatVersion", "layout", "gltf", "iwer", "tolerances", "verb"};
constexpr std::string_view kGltfNames[] = {
    "rig", "linearOnly", "compress", "meshes", "extras", "animation", "fieldOfView"};
// clang-format on

Error refused(const std::string& pointer, const std::string& expected) {
    return std::move(Error::usage("takes " + expected).at(pointer));
}

template <std::size_t N>
Status onlyNames(const Json& object, const std::string_view (&names)[N], const std::string& pointer) {
    for (const auto& [name, value] : object.items())
        if (std::find(std::begin(names), std::end(names), name) == std::end(names))
            return std::move(
                Error::usage("is not a member of a job (schema inputanim.job/1)").at(pointer + "/" + name));
    return Success{};
}

bool isFinite(const Json& value) { return value.is_number() && std::isfinite(value.get<double>()); }

// Markers in time order (a markers file's, a job's), or nullopt.
std::optional<std::vector<Marker>> markersFrom(const Json& json) {
    auto markers = markerListFromJson(json);
    if (!markers ||
        !std::is_sorted(markers->begin(), markers->end(), [](const auto& a, const auto& b) { return a.time < b.time; }))
        return std::nullopt;
    return markers;
}

Result<std::vector<JobPart>> readParts(const Json& json) {
    if (!json.is_array()) return refused("/parts", "a list of {\"part\", \"path\", \"offset\"}");
    std::vector<JobPart> parts;
    for (std::size_t i = 0; i < json.size(); ++i) {
        const Json& p = json[i];
        const std::string at = "/parts/" + std::to_string(i);
        const auto part = p.is_object() && p.value("part", Json()).is_string()
                              ? mergePartNamed(p["part"].get<std::string>())
                              : std::nullopt;
        if (!part || !p.value("path", Json()).is_string() || (p.contains("offset") && !isFinite(p["offset"])) ||
            p.size() != 2u + p.contains("offset"))
            return refused(at, "{\"part\": camera, left, right or gaze, \"path\": a file, \"offset\": seconds}");
        parts.push_back({*part, p["path"], p.value("offset", 0.0)});
    }
    return parts;
}

Status readGltf(const Json& json, ExportOptions& gltf) {
    if (!json.is_object()) return refused("/gltf", "an object of glTF output options");
    if (auto s = onlyNames(json, kGltfNames, "/gltf"); !s) return s;
    const Json rig = json.value("rig", Json("flat")), compress = json.value("compress", Json("none"));
    if (rig != "flat" && rig != "hierarchy") return refused("/gltf/rig", "\"flat\" or \"hierarchy\"");
    if (compress != kCompressionNames[0] && compress != kCompressionNames[1])
        return refused("/gltf/compress", "\"" + std::string(kCompressionNames[0]) + "\" or \"" +
                                             std::string(kCompressionNames[1]) + "\"");
    for (const char* flag : {"linearOnly", "meshes", "extras", "animation"})
        if (json.contains(flag) && !json[flag].is_boolean()) return refused("/gltf/" + std::string(flag), "a boolean");
    const Json fov = json.value("fieldOfView", Json(gltf.verticalFieldOfView));
    if (!isFinite(fov) || fov.get<double>() < kFieldOfViewLeast || fov.get<double>() > kFieldOfViewMost)
        return refused("/gltf/fieldOfView", "degrees, " + std::to_string(int(kFieldOfViewLeast)) + " to " +
                                                std::to_string(int(kFieldOfViewMost)));
    gltf.rig = rig == "hierarchy" ? Rig::Hierarchy : Rig::Flat;
    gltf.compress = compress == kCompressionNames[1];
    gltf.linearOnly = json.value("linearOnly", false);
    gltf.meshes = json.value("meshes", true);
    gltf.extras = json.value("extras", true);
    gltf.animation = json.value("animation", true);
    gltf.verticalFieldOfView = fov.get<double>();
    return Success{};
}

Status readIwer(const Json& json, IwerOptions& iwer) {
    const Json rate = json.is_object() && json.size() == std::size_t(json.contains("rate")) ? json.value("rate", Json())
                                                                                            : Json(false);
    if (!rate.is_null() &&
        (!isFinite(rate) || rate.get<double>() < kIwerRateLeast || rate.get<double>() > kIwerRateMost))
        return refused("/iwer", "{\"rate\": frames per second, " + std::to_string(int(kIwerRateLeast)) + " to " +
                                    std::to_string(int(kIwerRateMost)) + ", or null: the recording's key times}");
    if (!rate.is_null()) iwer.rate = rate.get<double>();
    return Success{};
}

Status readTolerances(const Json& json, Tolerances& tolerances) {
    const bool fine = json.is_object() &&
                      json.size() == std::size_t(json.contains("position")) + std::size_t(json.contains("rotation"));
    const Json position = json.value("position", Json(tolerances.position));
    const Json rotation = json.value("rotation", Json(tolerances.rotation));
    if (!fine || !isFinite(position) || !isFinite(rotation) || position.get<double>() <= 0 ||
        rotation.get<double>() <= 0)
        return refused("/tolerances", "{\"position\": metres, \"rotation\": degrees}, each above 0");
    tolerances = {position.get<double>(), rotation.get<double>()};
    return Success{};
}

Status readOutput(const Json& json, Job& job) {
    if (json.contains("to")) {
        job.kind = json["to"].is_string() ? outputKindNamed(json["to"].get<std::string>()) : std::nullopt;
        if (!job.kind) return refused("/to", "\"glb\", \"gltf\", \"bin\" or \"iwer\"");
    }
    for (const char* flag : {"embed", "overwrite"})
        if (json.contains(flag) && !json[flag].is_boolean()) return refused("/" + std::string(flag), "a boolean");
    job.embed = json.value("embed", false);
    job.overwrite = json.value("overwrite", false) ? Overwrite::Replace : Overwrite::Never;
    const Json version = json.value("formatVersion", Json()), layout = json.value("layout", Json());
    if (!version.is_null() && version != "1.0" && version != "1.1")
        return refused("/formatVersion", "\"1.0\" or \"1.1\"");
    if (!layout.is_null() && layout != "compact" && layout != "full")
        return refused("/layout", "\"compact\" or \"full\"");
    if (!version.is_null()) job.binary.minor = version == "1.0" ? 0 : 1;
    if (!layout.is_null()) job.binary.layout = layout == "full" ? Layout::Full : Layout::Compact;
    if (json.contains("iwer"))
        if (auto s = readIwer(json["iwer"], job.iwer); !s) return s;
    if (json.contains("gltf")) return readGltf(json["gltf"], job.gltf);
    return Success{};
}

Status readInputs(const Json& json, Job& job) {
    for (const char* file : {"base", "markersFile", "verb"})
        if (json.contains(file) && !json[file].is_string()) return refused("/" + std::string(file), "text");
    job.base = json.value("base", "");
    job.markersFile = json.value("markersFile", "");
    job.verb = json.value("verb", job.verb);
    if (json.contains("reading")) {
        auto reading = readLoadOptions(json["reading"].dump());
        if (!reading) return std::move(Error(reading.error()).at("/reading"));
        job.reading = std::move(*reading);
    }
    if (json.contains("parts")) {
        auto parts = readParts(json["parts"]);
        if (!parts) return parts.error();
        job.parts = std::move(*parts);
    }
    if (json.contains("markers")) {
        job.markers = markersFrom(json["markers"]);
        if (!job.markers) return refused("/markers", "[{\"time\": seconds (float32), \"name\": text}] in time order");
    }
    if (json.contains("edits")) {
        auto edits = readEditRequest(Json{{"edits", json["edits"]}}.dump());
        if (!edits) return edits.error();
        job.edits = std::move(*edits);
    }
    return Success{};
}

}  // namespace

Result<Job> readJob(std::string_view text) {
    const Json json = Json::parse(text, nullptr, false);
    if (!json.is_object()) return Error::usage("job: expected a JSON object (schema inputanim.job/1)");
    if (auto s = onlyNames(json, kJobNames, ""); !s) return s.error();
    Job job;
    for (const char* file : {"input", "output"}) {
        if (!json.value(file, Json()).is_string() || json[file].get<std::string>().empty())
            return refused("/" + std::string(file), "a file's name (\"-\": the standard stream)");
    }
    job.input = json["input"];
    job.output = json["output"];
    if (auto s = readInputs(json, job); !s) return s.error();
    if (auto s = readOutput(json, job); !s) return s.error();
    if (json.contains("tolerances"))
        if (auto s = readTolerances(json["tolerances"], job.tolerances); !s) return s.error();
    return job;
}

ReportJson runReportJson(const Job& job, const JobReport& report) {
    ReportJson json;
    json["schema"] = "inputanim.run/1";
    json["verb"] = job.verb;
    json["input"] = job.input;
    json["output"] = job.output;
    json["files"] = report.saved.files;
    if (isGltfOutput(report.kind)) {
        const auto& g = report.saved.gltf;
        json["kind"] = report.kind == OutputKind::Glb ? "glb" : "gltf";
        json["gltf"] = {{"channels", g.channels},
                        {"keyframes", g.knots},
                        {"linearSamplers", g.linearSamplers},
                        {"cubicSplineSamplers", g.cubicSamplers},
                        {"stepSamplers", g.stepSamplers},
                        {"jsonBytes", g.jsonBytes},
                        {"bufferBytes", g.bufferBytes}};
        if (g.uncompressedBytes != g.bufferBytes) json["gltf"]["uncompressedBytes"] = g.uncompressedBytes;
    } else if (report.kind == OutputKind::IwerCapture) {
        json["kind"] = "iwer";
        json["iwer"] = {{"frames", report.saved.iwer.frames}};
        json["bytes"] = report.saved.bytes;
    } else {
        json["kind"] = "bin";
        json["format"] = {{"version", versionName(report.saved.binary.encoding)},
                          {"layout", layoutName(report.saved.binary.encoding.layout)}};
        json["bytes"] = report.saved.bytes;
    }
    json["edit"] = job.edits.empty() && job.parts.empty() ? ReportJson() : editCountsJson(report.edit);
    json["deviation"] = {{"position", report.saved.maxPositionError}, {"rotation", report.saved.maxRotationError}};
    json["tolerance"] = {{"position", job.tolerances.position}, {"rotation", job.tolerances.rotation}};
    json["beyondTolerance"] = report.saved.beyondTolerance;
    json["messages"] = messagesJson(report.messages);
    json["recording"] = report.recording ? *report.recording : ReportJson();
    return json;
}

Result<std::vector<Marker>> readMarkersFile(const std::string& path) {
    auto bytes = readFile(path);
    if (!bytes) return bytes.error();
    auto markers = markersFrom(Json::parse(bytes->begin(), bytes->end(), nullptr, false));
    if (!markers)
        return Error{path,
                     {},
                     "expected a JSON array of {\"time\": seconds (float32), \"name\": text} in time order",
                     ErrorKind::Malformed};
    return std::move(*markers);
}

}  // namespace inputanim
