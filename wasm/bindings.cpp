// The library's entry points for JavaScript (the web viewer's worker, samples/viewer/worker.js): one file open at a
// time, in steps, so that the worker can report progress between them. Every step returns JSON text
// ({"ok": true, ...} or {"ok": false, "error": "..."}), valid until the next call; an output's bytes are read as its
// parts, in file order, with outputData(part) and outputSize(part). Nothing here throws: the library reports errors
// as values.
#include <emscripten/emscripten.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "inputanim/analysis/check.hpp"
#include "inputanim/analysis/summary.hpp"
#include "inputanim/gltf/export.hpp"
#include "inputanim/gltf/validate.hpp"
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

OpenFile current;
ia::FileBytes input;  // the next file to open, written by the caller into inputBuffer()
ia::GlbBytes output;  // the last output, in parts: a .bin is all in `head`
std::string reply;

const char* answer(const Json& json) {
    reply = json.dump(-1, ' ', false, Json::error_handler_t::replace);
    return reply.c_str();
}

const char* failure(const std::string& message) { return answer({{"ok", false}, {"error", message}}); }
const char* failure(const ia::Error& error) { return failure(error.describe()); }
constexpr const char* kNothingOpen = "no recording is open";

std::span<const std::uint8_t> outputPart(int part) {
    return part == 0   ? std::span(output.head)
           : part == 1 ? std::span(output.bin)
           : part == 2 ? std::span(output.tail)
                       : std::span<const std::uint8_t>();
}

}  // namespace

extern "C" {

// Room for the next file to open, `size` bytes, for the caller to fill; null when memory runs out. The open
// recording goes (a new file replaces it).
EMSCRIPTEN_KEEPALIVE std::uint8_t* inputanim_input_buffer(std::size_t size) {
    current = {};
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
// {"ok", "info": inputanim.info/1 without the checker's findings (inputanim_check adds them: on long recordings the
// checker takes longer than the rest), "profile": the profile's findings for glTF input}.
EMSCRIPTEN_KEEPALIVE const char* inputanim_open(const char* path) {
    current = {};
    output = {};
    current.name = path;
    ia::LoadOptions options;
    options.checkProfile = true;  // on the same parse as the import
    auto recording = ia::loadRecording(std::move(input), current.name, options, &current.loaded);
    input = {};
    if (!recording) return failure(recording.error());
    const Json profile = current.loaded.profile ? ia::profileFindingsJson(current.loaded.profile->findings) : Json::array();
    current.recording = std::move(*recording);
    const auto summary = ia::summarize(*current.recording);
    return answer({{"ok", true}, {"info", ia::infoJson(current.name, *current.recording, current.loaded, summary, {})}, {"profile", profile}});
}

// The checker's findings on the open recording: {"ok", "findings": [...]} (the schema of info's "findings").
EMSCRIPTEN_KEEPALIVE const char* inputanim_check() {
    if (!current.recording) return failure(kNothingOpen);
    return answer({{"ok", true}, {"findings", ia::findingsJson(ia::checkRecording(*current.recording))}});
}

// The open recording as a GLB in the profile (what the viewer draws), in three parts (ia::GlbBytes: 0 the header
// and JSON, 1 the buffer, 2 its padding), so that the buffer's views can be handed on without assembling the file.
EMSCRIPTEN_KEEPALIVE const char* inputanim_export_glb() {
    if (!current.recording) return failure(kNothingOpen);
    ia::ExportReport report;
    auto glb = ia::exportGlbBytes(*current.recording, {}, &report);
    if (!glb) return failure(glb.error());
    output = std::move(*glb);
    return answer({{"ok", true}, {"channels", report.channels}, {"knots", report.knots}});
}

// The open recording as an MRTK binary recording that MRTK loads (the library's choice of version and layout, as
// `inputanim convert` makes it), into part 0: {"ok", "format", "messages": its notes and warnings}.
EMSCRIPTEN_KEEPALIVE const char* inputanim_export_binary() {
    if (!current.recording) return failure(kNothingOpen);
    ia::BinaryReport report;
    auto prepared = ia::prepareBinary(*current.recording, {}, &report);
    if (!prepared) return failure(prepared.error());
    auto bytes = ia::writeRecording(*prepared ? **prepared : *current.recording);
    if (!bytes) return failure(bytes.error());
    output = {std::move(*bytes), {}, {}};
    return answer({{"ok", true}, {"format", std::string(ia::describe(report.encoding))}, {"messages", ia::profileFindingsJson(report.messages)}});
}

EMSCRIPTEN_KEEPALIVE const std::uint8_t* inputanim_output_data(int part) { return outputPart(part).data(); }
EMSCRIPTEN_KEEPALIVE std::size_t inputanim_output_size(int part) { return outputPart(part).size(); }
// Frees the output once the caller has copied it.
EMSCRIPTEN_KEEPALIVE void inputanim_release_output() { output = {}; }
EMSCRIPTEN_KEEPALIVE const char* inputanim_version() { return INPUTANIM_VERSION; }

}  // extern "C"
