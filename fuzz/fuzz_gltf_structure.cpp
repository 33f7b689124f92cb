// libFuzzer target, structure-aware: glTF inputs are mutated as JSON (a value replaced by an extreme one, a key
// dropped, an element repeated, a value nested deeply, a URI turned hostile) and kept valid JSON, so that
// mutations reach the importer, the validator and the export rather than the JSON parser. A GLB keeps its BIN
// chunk. The front door must never crash, hang or read outside the (nonexistent) folder of the input.
#include <cstring>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "inputanim/load.hpp"
#include "inputanim/save.hpp"

using Json = nlohmann::json;

namespace {

struct Parts {
    Json json;
    std::string bin;  // a GLB's BIN chunk (empty for JSON input)
    bool glb = false;
};

bool split(const std::uint8_t* data, std::size_t size, Parts& parts) {
    parts.glb = size >= 20 && std::memcmp(data, "glTF", 4) == 0;
    if (!parts.glb) {
        parts.json = Json::parse(data, data + size, nullptr, false);
        return !parts.json.is_discarded();
    }
    std::uint32_t jsonLength;
    std::memcpy(&jsonLength, data + 12, 4);
    if (jsonLength > size - 20) return false;
    parts.json = Json::parse(data + 20, data + 20 + jsonLength, nullptr, false);
    const std::size_t bin = 20 + std::size_t(jsonLength);
    if (bin + 8 <= size) parts.bin.assign(reinterpret_cast<const char*>(data) + bin + 8, size - bin - 8);
    return !parts.json.is_discarded();
}

std::string join(const Parts& parts) {
    std::string text = parts.json.dump(-1, ' ', false, Json::error_handler_t::replace);
    if (!parts.glb) return text;
    text.append((4 - text.size() % 4) % 4, ' ');
    std::string bin = parts.bin;
    bin.append((4 - bin.size() % 4) % 4, '\0');
    std::string out = "glTF";
    auto word = [&](std::uint32_t v) { out.append(reinterpret_cast<const char*>(&v), 4); };
    word(2);
    word(std::uint32_t(12 + 8 + text.size() + (bin.empty() ? 0 : 8 + bin.size())));
    word(std::uint32_t(text.size()));
    out += "JSON" + text;
    if (!bin.empty()) {
        word(std::uint32_t(bin.size()));
        out.append("BIN\0", 4);
        out += bin;
    }
    return out;
}

// A random value of the tree (objects and arrays included), reached by a random walk from the root.
Json* pick(Json& root, std::mt19937& rng) {
    Json* at = &root;
    for (int depth = 0; depth < 8 && (at->is_object() || at->is_array()) && !at->empty() && rng() % 4 != 0; ++depth) {
        auto it = at->begin();
        std::advance(it, rng() % at->size());
        at = &*it;
    }
    return at;
}

Json extreme(std::mt19937& rng) {
    static const Json values[] = {Json(-1),
                                  Json(0),
                                  Json(2147483647),
                                  Json(4294967296ull),
                                  Json(9007199254740993ull),
                                  Json(1e38),
                                  Json(-1e38),
                                  Json(1e-45),
                                  Json(""),
                                  Json("../../../../etc/passwd"),
                                  Json("/etc/passwd"),
                                  Json("notes%7G.txt"),
                                  Json("file:///etc/passwd"),
                                  Json("data:application/octet-stream;base64,AAAA"),
                                  Json("STEP"),
                                  Json("CUBICSPLINE"),
                                  Json("rotation"),
                                  Json("scale"),
                                  Json::array(),
                                  Json::object(),
                                  Json(nullptr),
                                  Json(true)};
    return values[rng() % std::size(values)];
}

void mutate(Json& root, std::mt19937& rng) {
    Json* at = pick(root, rng);
    switch (rng() % 6) {
        case 0: *at = extreme(rng); break;
        case 1:  // drop a key or an element
            if (at->is_object() && !at->empty()) at->erase(std::next(at->begin(), long(rng() % at->size())).key());
            else if (at->is_array() && !at->empty()) at->erase(rng() % at->size());
            break;
        case 2:  // repeat an element
            if (at->is_array() && !at->empty()) at->push_back((*at)[rng() % at->size()]);
            break;
        case 3: {  // nest deeply
            Json nested = *at;
            for (int i = int(rng() % 200); i > 0; --i) nested = Json::array({nested});
            *at = nested;
            break;
        }
        case 4:  // a number nudged
            if (at->is_number_integer()) *at = at->get<std::int64_t>() + std::int64_t(rng() % 5) - 2;
            else if (at->is_number_float()) *at = at->get<double>() * (rng() % 2 ? 1e6 : -1);
            break;
        default:  // an object becomes an array and the other way round
            if (at->is_object()) *at = Json::array({*at});
            else if (at->is_array() && !at->empty()) *at = (*at)[0];
            break;
    }
}

}  // namespace

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t maxSize,
                                               unsigned int seed) {
    Parts parts;
    if (!split(data, size, parts)) return 0;  // not glTF: let libFuzzer's other inputs take over
    std::mt19937 rng(seed);
    for (int n = 1 + int(rng() % 3); n > 0; --n) mutate(parts.json, rng);
    const std::string out = join(parts);
    if (out.size() > maxSize) return 0;
    std::memcpy(data, out.data(), out.size());
    return out.size();
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    inputanim::LoadOptions options;
    options.gltf.sampleRate = 30;  // keep each run short; the code paths are the same
    const std::string path = "/nonexistent-inputanim-fuzz/input.gltf";
    (void)inputanim::validateInput({data, size}, path, options);
    auto recording = inputanim::loadRecording({data, size}, path, options);
    if (recording) {
        inputanim::ExportOptions exportOptions;
        exportOptions.maxKnotsPerTrack = 100'000;
        (void)inputanim::exportGlb(*recording, exportOptions);
    }
    return 0;
}
