// What the CLI's verbs share: exit codes, error lines, reading any recording (internal to the tool).
#pragma once

#include <CLI/CLI.hpp>
#include <iosfwd>
#include <string>

#include "inputanim/gltf_import.hpp"
#include "inputanim/recording.hpp"

namespace cli {

namespace ia = inputanim;

// Documented exit codes (README, "Exit codes").
enum ExitCode {
    kExitSuccess = 0,
    kExitUsage = 1,
    kExitInvalidInput = 2,
    kExitUnsupported = 3,
    kExitOutputFailure = 4,
    kExitCheckFailed = 5,
};

// Writes "inputanim: error: LINE" to `log` (stderr by default) and returns `code`.
int fail(int code, const std::string& line);
int fail(std::ostream& log, int code, const std::string& line);

std::string fixed(double value, int digits = 3);  // "%.*f"

struct Input {
    std::string path;
    bool prerelease2019 = false;
    std::string mapFile;
    bool allowExternalPaths = false;
    ia::ImportOptions import;  // tolerances are shared with the glTF output options
};

// The glTF import options of the command line, with the --map file read.
ia::Result<ia::ImportOptions> importOptionsFor(const Input& input);

// A recording from a binary file or a glTF file, told apart by content, never by extension.
ia::Result<ia::Recording> loadRecording(const Input& input, ia::ImportReport* report = nullptr);

// The input options every reading verb has; `name` (nullptr: none) is the positional for the file.
void addInputOptions(CLI::App& verb, Input& input, const char* name = "FILE");

}  // namespace cli
