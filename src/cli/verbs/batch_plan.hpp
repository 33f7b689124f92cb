// convert --out-dir's plan (internal to the tool): which files of the inputs are recordings, each with its output.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "convert.hpp"
#include "inputanim/archive.hpp"

namespace cli {

struct Job {
    std::filesystem::path input;
    std::filesystem::path output;
    std::uintmax_t bytes = 0;
    int code = -1;  // -1: not done
    std::string log;
    std::optional<ia::ManifestEntry> record;  // once converted and committed
};

struct Plan {
    std::filesystem::path outDir;
    std::vector<Job> jobs;
    std::vector<std::string> skipped;  // inputs left out, with why
    std::vector<std::string> unreadable;  // folders that cannot be listed: failures, reported with the others
    std::vector<std::string> problems;  // inputs that contradict each other or are not there: the batch is refused
};

// Inputs in a stable order (the same files for any number of workers), each with its output; a .bin that a .gltf
// input names as its buffer, and symbolic links, are skipped; two inputs that would write one output, or an output
// that is an input, refuse the batch.
Plan plan(const BatchSettings& batch, const ConvertSettings& settings);

}  // namespace cli
