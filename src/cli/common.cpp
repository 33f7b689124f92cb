#include "common.hpp"

#include <cstdio>
#include <iostream>

#include "inputanim/binary_format.hpp"
#include "inputanim/file_io.hpp"

namespace cli {

int fail(std::ostream& log, int code, const std::string& line) {
    log << "inputanim: error: " << line << "\n";
    return code;
}

int fail(int code, const std::string& line) { return fail(std::cerr, code, line); }

std::string fixed(double value, int digits) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", digits, value);
    return text;
}

ia::Result<ia::ImportOptions> importOptionsFor(const Input& input) {
    ia::ImportOptions options = input.import;
    options.allowExternalPaths = input.allowExternalPaths;
    if (input.mapFile.empty()) return options;
    auto mapBytes = ia::readFile(input.mapFile);
    if (!mapBytes) return mapBytes.error();
    auto map = ia::parseNodeMap(*mapBytes, input.mapFile);
    if (!map) return map.error();
    options.map = std::move(*map);
    return options;
}

ia::Result<ia::Recording> loadRecording(const Input& input, ia::ImportReport* report) {
    auto bytes = ia::readFile(input.path);
    if (!bytes) return bytes.error();
    if (!ia::hasMagic(*bytes) && ia::looksLikeGltf(*bytes)) {
        auto options = importOptionsFor(input);
        if (!options) return options.error();
        return ia::importGltf(*bytes, input.path, *options, report);
    }
    return ia::readRecording(*bytes, input.path, {.acceptPrerelease2019 = input.prerelease2019});
}

void addInputOptions(CLI::App& verb, Input& input, const char* name) {
    if (name)
        verb.add_option(name, input.path, "recording: MRTK binary (.bin) or glTF (.glb, .gltf), told apart by content")->required();
    verb.add_flag("--prerelease-2019", input.prerelease2019,
                  "read a header-less mid-2019 prerelease recording as a 1.0 body, rebasing its times to start at 0");
    verb.add_option("--map", input.mapFile, "glTF input: JSON file naming the nodes to use (schema in the README)");
    verb.add_flag("--allow-external-paths", input.allowExternalPaths,
                  "glTF input: let a .gltf read buffers outside its own folder");
}

}  // namespace cli
