#include "handle.hpp"

#include <nlohmann/json.hpp>
#include <optional>
#include <type_traits>

#include "inputanim/analysis/check.hpp"
#include "inputanim/analysis/summary.hpp"
#include "inputanim/analysis/synthetic.hpp"
#include "inputanim/archive.hpp"
#include "inputanim/edit/edit.hpp"
#include "inputanim/io/file_io.hpp"
#include "inputanim/job.hpp"
#include "inputanim/save.hpp"

namespace pyia {
namespace {

using Json = nlohmann::json;

std::string dumped(const ia::ReportJson& json) { return json.dump(-1, ' ', false, Json::error_handler_t::replace); }

std::string messagesJson(const std::vector<ia::Finding>& findings, const std::string& file) {
    std::vector<std::pair<std::string, ia::Finding>> said;
    for (const auto& finding : findings) said.emplace_back(file, finding);
    return dumped(ia::messagesJson(said));
}

ia::LoadOptions readingOptions(const std::string& reading) {
    ia::LoadOptions options = take(ia::readLoadOptions(reading));
    options.recordSource = true;  // an archive of it records its source, as `inputanim convert` does (hashed if so)
    return options;
}

// A recording made from another: read as it was, without its source's record (it is no longer that file's).
HandlePtr madeFrom(const Handle& from, ia::Recording recording, std::string messages) {
    auto made = std::make_shared<Handle>();
    made->name = from.name;
    made->recording = std::move(recording);
    made->loaded.kind = from.loaded.kind;
    made->messages = std::move(messages);
    return made;
}

}  // namespace

HandlePtr loadPath(const std::string& path, const std::string& reading) {
    const ia::LoadOptions options = readingOptions(reading);
    auto handle = std::make_shared<Handle>();
    handle->name = path;
    auto bytes = take(ia::readFile(path));  // the hash of the source waits until an archive asks for it
    handle->recording = take(ia::loadRecording(std::move(bytes), path, options, &handle->loaded));
    handle->messages = messagesJson(handle->loaded.gltf.notes, path);
    return handle;
}

HandlePtr loadBytes(std::string bytes, const std::string& name, const std::string& reading) {
    const ia::LoadOptions options = readingOptions(reading);
    auto handle = std::make_shared<Handle>();
    handle->name = name;
    ia::FileBytes data(bytes.begin(), bytes.end());
    bytes = {};
    handle->recording = take(ia::loadRecording(std::move(data), name, options, &handle->loaded));
    handle->messages = messagesJson(handle->loaded.gltf.notes, name);
    return handle;
}

// A number of generate's options (`what` says what it is), or the default `fallback`.
template <typename T>
T numberOf(const Json& json, const char* key, T fallback, const std::string& what) {
    if (!json.contains(key)) return fallback;
    const bool fits = std::is_integral_v<T> ? json[key].is_number_unsigned() : json[key].is_number();
    if (!fits) throw LibraryError{ia::Error::usage(std::string(key) + " is " + what)};
    return json[key].get<T>();
}

HandlePtr generate(const std::string& optionsJson) {
    const Json json = Json::parse(optionsJson);  // the package's own: well formed
    ia::SyntheticOptions options;
    options.duration = numberOf(json, "duration", options.duration, "a number of seconds");
    options.frameRate = numberOf(json, "rate", options.frameRate, "a number of frames a second");
    options.seed = numberOf(json, "seed", options.seed, "a whole number, at least 0");
    options.reduceKeys = json.value("reduce", Json(options.reduceKeys)) == true;
    options.markers = json.value("markers", Json(options.markers)) == true;
    const Json version = json.value("formatVersion", Json("1.1")), layout = json.value("layout", Json(""));
    if (version != "1.0" && version != "1.1")
        throw LibraryError{ia::Error::usage("format_version is \"1.0\" or \"1.1\"")};
    if (layout != "" && layout != "compact" && layout != "full")
        throw LibraryError{ia::Error::usage("layout is \"compact\" or \"full\"")};
    ia::BinaryOptions binary;
    if (version == "1.0") binary.minor = 0;
    if (layout == "full") binary.layout = ia::Layout::Full;
    options.encoding = take(ia::binaryEncodingFor(ia::kEncoding11Compact, binary));
    auto handle = std::make_shared<Handle>();
    handle->name = "generated";
    handle->recording = take(ia::generateRecording(options));
    handle->messages = "[]";
    return handle;
}

std::string infoJson(const Handle& h) {
    return dumped(
        ia::infoJson(h.name, h.recording, h.loaded, ia::summarize(h.recording), ia::checkRecording(h.recording)));
}

std::string findingsJson(const Handle& h) { return dumped(ia::findingsJson(ia::checkRecording(h.recording))); }

std::string run(const Handle& h, const std::string& jobJson) {
    ia::Job job = take(ia::readJob(jobJson));
    job.input = h.name;
    ia::LoadReport loaded = h.loaded;
    ia::JobReport report;
    if (auto s = ia::runJobOn(job, h.recording, std::move(loaded), report); !s) throw LibraryError{s.error()};
    return dumped(ia::runReportJson(job, report));
}

HandlePtr edit(const Handle& h, const std::string& editsJson) {
    const auto steps = take(ia::readEditRequest(editsJson));
    ia::EditReport report;
    std::optional<ia::Recording> edited;  // each edit makes a new recording: the open one is never copied
    for (const auto& step : steps) edited = take(ia::applyEdit(edited ? *edited : h.recording, step, &report));
    return madeFrom(h, edited ? std::move(*edited) : h.recording, messagesJson(report.messages, h.name));
}

HandlePtr merge(const Handle& base, const std::vector<std::tuple<std::string, HandlePtr, double>>& parts) {
    std::vector<ia::MergeSource> sources;
    for (const auto& [part, from, offset] : parts) {
        const auto named = ia::mergePartNamed(part);
        if (!named) throw LibraryError{ia::Error::usage("a part is camera, left, right or gaze, not " + part)};
        sources.push_back({*named, &from->recording, offset, from->name});
    }
    ia::EditReport report;
    auto merged = take(ia::mergeRecordings(base.recording, sources, &report));
    return madeFrom(base, std::move(merged), messagesJson(report.messages, base.name));
}

std::string diff(const Handle& a, const Handle& b, const std::string& optionsJson) {
    const ia::DiffOptions options = take(ia::readDiffOptions(optionsJson));
    auto report = ia::diffRecordings(a.recording, b.recording, options);
    if (!report) throw LibraryError{report.error().from(a.name + " and " + b.name)};
    return dumped(ia::diffJson(*report, options, a.name, b.name));
}

std::string verify(const std::string& archive, const std::string& original) {
    const auto bytes = take(ia::readFile(archive));
    std::optional<ia::FileDigest> digest;
    if (!original.empty()) digest = take(ia::digestFile(original));
    return dumped(ia::verifyJson(archive, original, take(ia::verifyArchive(bytes, archive, digest))));
}

}  // namespace pyia
