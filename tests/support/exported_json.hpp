// The JSON of exported files, for tests of the code that writes and reads glTF JSON.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "inputanim/analysis/synthetic.hpp"
#include "inputanim/gltf/export.hpp"
#include "support/edge_cases.hpp"

// A recording exported as GLB; throws (failing the test) when the export fails.
inline std::vector<std::uint8_t> exported(const inputanim::Recording& recording,
                                          const inputanim::ExportOptions& options = {},
                                          inputanim::ExportReport* report = nullptr) {
    auto glb = inputanim::exportGlb(recording, options, report);
    if (!glb) throw std::runtime_error(glb.error().describe());
    return std::move(glb).value();
}

// A GLB's JSON chunk as text, the padding after the JSON taken off.
inline std::string jsonChunkText(const std::vector<std::uint8_t>& glb) {
    std::uint32_t length = 0;
    std::memcpy(&length, glb.data() + 12, 4);
    std::string json(glb.begin() + 20, glb.begin() + 20 + length);
    while (!json.empty() && json.back() == ' ') json.pop_back();
    return json;
}

// The JSON of every edge case, of a generated two-handed recording, and of one whose markers need escaping (UTF-8,
// quotes, backslashes) or are not numbers in JSON (infinite, NaN) and whose first curve is kept with its full keys,
// each exported with both rigs. Made once per test run.
inline const std::vector<std::string>& exportedJsonTexts() {
    using namespace inputanim;
    static const std::vector<std::string> texts = [] {
        std::vector<Recording> recordings;
        for (const auto& c : edge_cases::all()) recordings.push_back(c.recording);
        SyntheticOptions shortOne;
        shortOne.duration = 1;
        auto generated = generateRecording(shortOne);
        if (!generated) throw std::runtime_error(generated.error().describe());
        recordings.push_back(*generated);
        Recording odd = edge_cases::all()[0].recording;
        odd.markers = {{0.5f, "\xce\xb1 \"quoted\" \\ back"},
                       {std::numeric_limits<float>::infinity(), "inf"},
                       {-std::numeric_limits<float>::infinity(), "-inf"},
                       {std::nanf("0x55"), "nan"}};
        odd.curves[0].preWrapMode = 2;
        recordings.push_back(odd);
        std::vector<std::string> made;
        for (const Recording& recording : recordings)
            for (Rig rig : {Rig::Flat, Rig::Hierarchy}) {
                ExportOptions options;
                options.rig = rig;
                auto glb = exportGlb(recording, options);
                if (!glb) throw std::runtime_error(glb.error().describe());
                made.push_back(jsonChunkText(*glb));
            }
        return made;
    }();
    return texts;
}
