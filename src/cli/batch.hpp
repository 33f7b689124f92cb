// Batch conversion: many files or folders, worker threads, progress, a summary (internal to the tool).
#pragma once

#include <string>
#include <vector>

#include "convert.hpp"

namespace cli {

struct BatchOptions {
    std::vector<std::string> inputs;  // files, or folders searched recursively for .bin, .glb, .gltf
    std::string outDir;
    std::string to;                   // "glb", "gltf", "bin", or "" (binary -> glb, glTF -> bin)
    unsigned jobs = 1;
    bool quiet = false;
    bool verbose = false;
};

// Converts every input into outDir, keeping folder structure; continues past failures. Returns 0 when
// every file converted, else the highest exit code of a failure.
int runBatch(const BatchOptions& batch, const Input& inputTemplate, const OutputOptions& outputTemplate);

}  // namespace cli
