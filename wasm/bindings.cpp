// The library's entry points for JavaScript (the worker of the three.js loader, web/inputanim-three/worker.js): one
// file open at a time, in steps, so that the worker can report progress between them. Every step returns JSON text
// ({"ok": true, ...} or {"ok": false, "error": "..."}), valid until the next call; an output's bytes are read as its
// parts, in file order, with outputData(part) and outputSize(part). Nothing here throws: the library reports errors
// as values.
#include <emscripten/emscripten.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "inputanim/analysis/check.hpp"
#include "inputanim/analysis/diff.hpp"
#include "inputanim/analysis/selection.hpp"
#include "inputanim/analysis/summary.hpp"
#include "inputanim/analysis/synthetic.hpp"
#include "inputanim/analysis/time_grid.hpp"
#include "inputanim/capture/webxr_take.hpp"
#include "inputanim/core/playback.hpp"
#include "inputanim/edit/edit.hpp"
#include "inputanim/gltf/container.hpp"
#include "inputanim/gltf/export.hpp"
#include "inputanim/gltf/import_options.hpp"
#include "inputanim/gltf/validate.hpp"
#include "inputanim/job.hpp"
#include "inputanim/load.hpp"
#include "inputanim/mrtk/binary_format.hpp"
#include "inputanim/report.hpp"
#include "inputanim/save.hpp"

namespace {

using Json = nlohmann::ordered_json;
namespace ia = inputanim;

struct OpenFile {
    std::string name;
    std::optional<ia::Recording> recording;
    ia::LoadReport loaded;
};

std::map<int, OpenFile> files;  // the open recordings, by handle
OpenFile* current = nullptr;  // the one the calls below act on (inputanim_select)
int nextHandle = 1;
ia::FileBytes input;  // the next file to open, written by the caller into inputBuffer()
ia::GlbBytes output;  // the last output, in parts: a .bin is all in `head`
std::string reply;
std::optional<ia::WebXrTake> take;  // the take being recorded (inputanim_take_begin)
std::vector<double> takeFrames;  // frames for inputanim_take_frames, written by the caller

const char* answer(const Json& json) {
    reply = json.dump(-1, ' ', false, Json::error_handler_t::replace);
    return reply.c_str();
}

const char* failure(const std::string& message) { return answer({{"ok", false}, {"error", message}}); }
const char* failure(const ia::Error& error) { return failure(error.describe()); }
constexpr const char* kNothingOpen = "no recording is open";

// A sampling request {"times": [seconds], "coordinates": "gltf" | "unity", "select": [items as `sample --select`]}.
struct SampleRequest {
    std::vector<double> times;
    ia::Coordinates coordinates = ia::Coordinates::Gltf;
    ia::Selection selection;
};

ia::Result<SampleRequest> sampleRequest(const char* text) {
    const Json json = Json::parse(text, nullptr, false);
    auto refused = [](const std::string& what) { return ia::Error{"sample", {}, what, ia::ErrorKind::Usage}; };
    if (!json.is_object() || !json.contains("times") || !json["times"].is_array())
        return refused("expected {\"times\": [seconds], ...}");
    if (json["times"].size() > ia::kMaxGridTimes)
        return refused("more than " + std::to_string(ia::kMaxGridTimes) + " times");
    SampleRequest request;
    for (const auto& t : json["times"]) {
        if (!t.is_number() || !std::isfinite(t.get<double>()))
            return refused("a time is not a finite number of seconds");
        request.times.push_back(t.get<double>());
    }
    const auto coordinates = json.value("coordinates", Json("gltf"));
    if (coordinates != "gltf" && coordinates != "unity") return refused("coordinates: gltf or unity");
    request.coordinates = coordinates == "unity" ? ia::Coordinates::Unity : ia::Coordinates::Gltf;
    std::vector<std::string> items;
    for (const auto& item : json.value("select", Json::array()))
        if (item.is_string()) items.push_back(item.get<std::string>());
        else return refused("select: names such as \"left\" or \"right.IndexTip\"");
    auto selection = ia::parseSelection(items);
    if (!selection) return selection.error();
    request.selection = std::move(*selection);
    return request;
}

std::span<const std::uint8_t> outputPart(int part) {
    return part == 0   ? std::span(output.head)
           : part == 1 ? std::span(output.bin)
           : part == 2 ? std::span(output.tail)
                       : std::span<const std::uint8_t>();
}

// A job (ia::readJob's JSON, its output "-") run on `recording`, read as `loaded` says, which stands for the job's
// input, named `name` in messages; written into part 0. {"ok", "report": inputanim.run/1, "format": what was written,
// in words, "messages": the report's, "duration"}. `said`: messages to put first.
ia::Result<Json> runOn(const char* jobJson, ia::Recording recording, ia::LoadReport loaded, const std::string& name,
                       const std::vector<ia::Finding>& said = {}) {
    auto job = ia::readJob(jobJson);
    if (!job) return job.error().from(name);
    if (job->output != "-") return ia::Error::usage("a job's output here is \"-\", the library's memory").from(name);
    job->input = name;
    std::vector<std::uint8_t> bytes;
    ia::JobContext context;
    context.describe = true;
    context.standardOutput = [&bytes](std::span<const std::uint8_t> piece) {
        bytes.insert(bytes.end(), piece.begin(), piece.end());
        return ia::Status(ia::Success{});
    };
    ia::JobReport report;
    for (const auto& finding : said) report.messages.emplace_back(name, finding);
    if (auto s = ia::runJobOn(*job, std::move(recording), std::move(loaded), report, context); !s) return s.error();
    output = {std::move(bytes), {}, {}};
    Json json = ia::runReportJson(*job, report);
    const std::string format = report.kind == ia::OutputKind::IwerCapture ? std::string("IWER capture")
                               : ia::isGltfOutput(report.kind)
                                   ? "glTF 2.0 " + std::string(report.kind == ia::OutputKind::Glb ? "binary" : "JSON")
                                   : std::string(ia::describe(report.saved.binary.encoding));
    Json messages = json["messages"], duration = json["recording"]["duration"];
    return Json{{"ok", true},
                {"report", std::move(json)},
                {"format", format},
                {"messages", std::move(messages)},
                {"duration", std::move(duration)}};
}

// Opens the bytes in `input` as the recording `name` and selects it: {"ok", "handle", "info", "profile"} (see
// inputanim_open).
ia::Result<Json> openInput(const std::string& name, const char* optionsJson) {
    output = {};
    current = nullptr;
    OpenFile file;
    file.name = name;
    auto options = ia::readLoadOptions(optionsJson);
    if (!options) return options.error();
    options->checkProfile = true;  // on the same parse as the import
    options->recordSource = true;  // a Download of it as .glb records its source, as `inputanim convert` does
    auto recording = ia::loadRecording(std::move(input), file.name, *options, &file.loaded);
    input = {};
    if (!recording) return recording.error();
    const Json profile = file.loaded.profile ? ia::profileFindingsJson(file.loaded.profile->findings) : Json::array();
    file.recording = std::move(*recording);
    const int handle = nextHandle++;
    current = &(files[handle] = std::move(file));
    const auto summary = ia::summarize(*current->recording);
    return Json{{"ok", true},
                {"handle", handle},
                {"info", ia::infoJson(current->name, *current->recording, current->loaded, summary, {})},
                {"profile", profile}};
}

}  // namespace

extern "C" {

// Room for the next file to open, `size` bytes, for the caller to fill; null when memory runs out. The recordings
// open stay open (inputanim_close ends them).
EMSCRIPTEN_KEEPALIVE std::uint8_t* inputanim_input_buffer(std::size_t size) {
    output = {};
    try {
        input.clear();
        input.resize(size);  // not zeroed: the caller fills it
    } catch (const std::bad_alloc&) {
        ia::FileBytes().swap(input);
        return nullptr;
    }
    return input.data();
}

// Reads a recording (MRTK binary, .glb or .gltf, told apart by content) from the bytes written into
// inputBuffer(), which it keeps (a binary recording's keys are read in place). `path` names it in messages; a
// .gltf's external buffers are read from its folder (the worker writes files dropped with it there). Returns
// {"ok", "handle": what inputanim_select takes (the new recording is selected), "info": inputanim.info/1 without the
// checker's findings (inputanim_check adds them: on long recordings the checker takes longer than the rest), "profile":
// the profile's findings for glTF input}. `options`: JSON, see ia::readLoadOptions.
EMSCRIPTEN_KEEPALIVE const char* inputanim_open(const char* path, const char* optionsJson) {
    auto opened = openInput(path, optionsJson);
    return opened ? answer(*opened) : failure(opened.error());
}

// The files a .gltf's buffers name beside it (ia::bufferFilesBeside), from `size` bytes at `data` (a copy the caller
// frees): {"ok", "files": [{"uri": as written, "path": relative to the .gltf's folder}]}. Nothing is opened.
EMSCRIPTEN_KEEPALIVE const char* inputanim_buffer_files(const std::uint8_t* data, std::size_t size) {
    Json files = Json::array();
    for (const auto& file : ia::bufferFilesBeside(std::span(data, size)))
        files.push_back({{"uri", file.uri}, {"path", file.path}});
    return answer({{"ok", true}, {"files", std::move(files)}});
}

// The recording the calls below act on, by the handle inputanim_open gave: {"ok"}, or a failure when it is not open.
EMSCRIPTEN_KEEPALIVE const char* inputanim_select(int handle) {
    const auto found = files.find(handle);
    current = found == files.end() ? nullptr : &found->second;
    return current ? answer({{"ok", true}}) : failure(kNothingOpen);
}

// Closes a recording: its memory is the library's again.
EMSCRIPTEN_KEEPALIVE void inputanim_close(int handle) {
    if (const auto found = files.find(handle); found != files.end()) {
        if (current == &found->second) current = nullptr;
        files.erase(found);
    }
}

// The checker's findings on the open recording: {"ok", "findings": [...]} (the schema of info's "findings").
EMSCRIPTEN_KEEPALIVE const char* inputanim_check() {
    if (!current) return failure(kNothingOpen);
    return answer({{"ok", true}, {"findings", ia::findingsJson(ia::checkRecording(*current->recording))}});
}

// Poses and states of the open recording as MRTK plays them (`inputanim sample`): `request` as sampleRequest
// reads it; answers {"ok", "frames": [inputanim.sample/1 frames]}.
EMSCRIPTEN_KEEPALIVE const char* inputanim_sample(const char* requestJson) {
    if (!current) return failure(kNothingOpen);
    auto request = sampleRequest(requestJson);
    if (!request) return failure(request.error());
    const auto columns = ia::sampleColumns(*current->recording, request->selection);
    Json frames = Json::array();
    for (double t : request->times)
        frames.push_back(ia::frameJson(ia::sampleFrame(*current->recording, t, request->coordinates), columns));
    return answer({{"ok", true}, {"frames", std::move(frames)}});
}

// A job (ia::readJob's JSON: its edits, output kind and options; its output "-") run on the open recording, which
// stays as it is: the file it writes, as `inputanim run` writes it, into part 0 (runOn's answer). What the loader's
// export() and edit() write.
EMSCRIPTEN_KEEPALIVE const char* inputanim_run(const char* jobJson) {
    if (!current) return failure(kNothingOpen);
    auto ran = runOn(jobJson, *current->recording, current->loaded, current->name);
    return ran ? answer(*ran) : failure(ran.error());
}

// The same job (an MRTK binary output), its result opened beside the open recording as the recording `name` and
// selected (the bytes inputanim_run writes, read again where they are: what is drawn is what Save writes):
// inputanim_open's answer with inputanim_run's "format", "messages" and "duration".
EMSCRIPTEN_KEEPALIVE const char* inputanim_run_open(const char* jobJson, const char* name) {
    if (!current) return failure(kNothingOpen);
    Json said;
    {  // the job's copy is freed once written, and the bytes once copied, before the result is read
        auto ran = runOn(jobJson, *current->recording, current->loaded, current->name);
        if (!ran) return failure(ran.error());
        input.assign(output.head.begin(), output.head.end());
        output = {};
        said = std::move(*ran);
    }
    auto opened = openInput(name, "{}");
    if (!opened) return failure(opened.error());
    for (const char* key : {"format", "messages", "duration"}) (*opened)[key] = std::move(said[key]);
    return answer(*opened);
}

// How far the open recording (A) and the recording `other` (B, by the handle inputanim_open gave) are apart as MRTK
// plays them, as `inputanim diff --json` reports it: {"ok", "diff": inputanim.diff/1}. `optionsJson`: what
// ia::readDiffOptions reads (the window, the offset, the rate and the tolerances). The open recording stays selected.
EMSCRIPTEN_KEEPALIVE const char* inputanim_diff(int other, const char* optionsJson) {
    const auto found = files.find(other);
    if (!current || found == files.end()) return failure(kNothingOpen);
    auto options = ia::readDiffOptions(optionsJson);
    if (!options) return failure(options.error());
    const OpenFile& b = found->second;
    auto report = ia::diffRecordings(*current->recording, *b.recording, *options);
    if (!report) return failure(report.error().from(current->name + " and " + b.name));
    return answer({{"ok", true}, {"diff", ia::diffJson(*report, *options, current->name, b.name)}});
}

// The open recording as the GLB the loader hands three.js, in three parts (ia::GlbBytes: 0 the header and JSON, 1 the
// buffer, 2 its padding), so that the buffer's views can be handed on without assembling the file: {"ok", "channels",
// "knots", "json": [offset, length] of the JSON text in part 0}. Uncompressed, recording nothing of its source (whose
// hash waits until a GLB is kept, through inputanim_run).
EMSCRIPTEN_KEEPALIVE const char* inputanim_draw_glb() {
    if (!current) return failure(kNothingOpen);
    if (auto s = ia::playable(*current->recording); !s) return failure(s.error().from(current->name));
    ia::ExportReport report;
    auto glb = ia::exportGlbBytes(*current->recording, {}, &report);
    if (!glb) return failure(glb.error());
    const Json json = {glb->jsonOffset, glb->jsonLength};
    output = std::move(*glb);
    return answer({{"ok", true}, {"channels", report.channels}, {"knots", report.knots}, {"json", json}});
}

EMSCRIPTEN_KEEPALIVE const std::uint8_t* inputanim_output_data(int part) { return outputPart(part).data(); }
EMSCRIPTEN_KEEPALIVE std::size_t inputanim_output_size(int part) { return outputPart(part).size(); }
// Frees the output once the caller has copied it.
EMSCRIPTEN_KEEPALIVE void inputanim_release_output() { output = {}; }
EMSCRIPTEN_KEEPALIVE const char* inputanim_version() { return INPUTANIM_VERSION; }

// Readies the library's code for the next open (the loader's preload()): two short recordings (1.1 unreduced, 1.0
// MRTK-reduced) made, written, read as an open reads them and drawn as inputanim_draw_glb draws, then dropped, so that
// the engine has optimised the functions an open runs most (each once it has run a while). Nothing open changes.
EMSCRIPTEN_KEEPALIVE const char* inputanim_warm_up() {
    for (const auto& [encoding, reduce] :
         {std::pair{ia::kEncoding11Compact, false}, std::pair{ia::kEncoding10, true}}) {
        ia::SyntheticOptions synthetic;
        synthetic.encoding = encoding;
        synthetic.duration = 4;
        synthetic.reduceKeys = reduce;
        auto made = ia::generateRecording(synthetic);
        if (!made) return failure(made.error());
        auto bytes = ia::writeRecording(*made);
        if (!bytes) return failure(bytes.error());
        ia::LoadOptions options;
        options.checkProfile = options.recordSource = true;
        ia::LoadReport loaded;
        auto read = ia::loadRecording(ia::FileBytes(bytes->begin(), bytes->end()), "warm-up.bin", options, &loaded);
        if (!read) return failure(read.error());
        if (auto glb = ia::exportGlbBytes(*read, {}); !glb) return failure(glb.error());
    }
    return answer({{"ok", true}});
}
EMSCRIPTEN_KEEPALIVE const char* inputanim_profile() {
    return answer({{"ok", true}, {"table", ia::profileTableJson()}});
}

// ---- a take recorded through WebXR (ia::WebXrTake), frames added as they come ----

// Begins a take (ending one not finished): `options` {"positionTolerance": metres, "rotationTolerance": degrees},
// both optional and positive. Answers {"ok", "layout": {"frameValues": numbers per frame, "viewer": where the viewer's
// pose begins, "hands": where each hand's presence begins (left, right; its joints follow), "joints": WebXR's joint
// names in the order a frame holds them, "pinch": {"enter", "exit"}: metres}}: the layout ia::takeFrameFrom reads.
EMSCRIPTEN_KEEPALIVE const char* inputanim_take_begin(const char* optionsJson) {
    const Json json = Json::parse(optionsJson, nullptr, false);
    ia::TakeOptions options;
    if (!json.is_object()) return failure("take options: expected a JSON object");
    for (const auto& [key, value] : json.items()) {
        double* target = key == "positionTolerance"   ? &options.tolerances.position
                         : key == "rotationTolerance" ? &options.tolerances.rotation
                                                      : nullptr;
        if (!target || !value.is_number() || !(value.get<double>() > 0) || !std::isfinite(value.get<double>()))
            return failure("take options: " + key +
                           ": not an option, or not a value it takes (positionTolerance: metres, rotationTolerance: "
                           "degrees, each above 0)");
        *target = value.get<double>();
    }
    take.emplace(options);
    Json joints = Json::array();
    for (std::string_view name : ia::webXrJointNames()) joints.push_back(name);
    return answer({{"ok", true},
                   {"layout",
                    {{"frameValues", ia::kTakeFrameValues},
                     {"viewer", ia::kTakeViewerAt},
                     {"hands", {ia::takeHandAt(ia::Hand::Left), ia::takeHandAt(ia::Hand::Right)}},
                     {"joints", joints},
                     {"pinch", {{"enter", ia::kPinchEnterDistance}, {"exit", ia::kPinchExitDistance}}}}}});
}

// Room for `frames` frames (the layout above), for the caller to fill before inputanim_take_frames; null when memory
// runs out.
EMSCRIPTEN_KEEPALIVE double* inputanim_take_buffer(std::size_t frames) {
    try {
        takeFrames.assign(frames * ia::kTakeFrameValues, 0.0);
    } catch (const std::bad_alloc&) {
        std::vector<double>().swap(takeFrames);
        return nullptr;
    }
    return takeFrames.data();
}

// Adds the frames written into the buffer: {"ok", "frames": the take's frames so far, "skipped": frames of these not
// after the one before}.
EMSCRIPTEN_KEEPALIVE const char* inputanim_take_frames() {
    if (!take) return failure("no take was begun");
    std::size_t skipped = 0;
    for (std::size_t at = 0; at + ia::kTakeFrameValues <= takeFrames.size(); at += ia::kTakeFrameValues) {
        auto frame = ia::takeFrameFrom(std::span(takeFrames).subspan(at, ia::kTakeFrameValues));
        if (!frame) return failure(frame.error().from("take"));
        auto added = take->add(*frame);
        if (!added) return failure(added.error().from("take"));
        skipped += *added ? 0 : 1;
    }
    return answer({{"ok", true}, {"frames", take->frames()}, {"skipped", skipped}});
}

EMSCRIPTEN_KEEPALIVE const char* inputanim_take_marker(double time, const char* name) {
    if (!take) return failure("no take was begun");
    if (auto s = take->marker(time, name); !s) return failure(s.error().from("take"));
    return answer({{"ok", true}});
}

// Ends the take and writes it as an MRTK binary recording into part 0, as inputanim_run answers.
EMSCRIPTEN_KEEPALIVE const char* inputanim_take_finish(const char* name) {
    if (!take) return failure("no take was begun");
    auto recording = take->finish();
    take.reset();
    std::vector<double>().swap(takeFrames);
    if (!recording) return failure(recording.error().from(name));
    // A take without a tracked hand is said now, as it is written (the checker also notes its gaze when it is opened).
    std::vector<ia::Finding> said;
    if (auto warning = ia::handsNeverTracked(*recording)) said.push_back(std::move(*warning));
    auto ran = runOn(R"({"input": "-", "output": "-", "to": "bin"})", std::move(*recording), {}, name, said);
    return ran ? answer(*ran) : failure(ran.error());
}

}  // extern "C"
