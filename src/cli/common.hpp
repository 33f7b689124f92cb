// What the CLI's verbs share: exit codes, error lines, the input options every reading verb has, and
// where an output goes (internal to the tool).
#pragma once

#include <CLI/CLI.hpp>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "inputanim/load.hpp"
#include "inputanim/io/process.hpp"
#include "inputanim/save.hpp"

namespace cli {

namespace ia = inputanim;
using Json = nlohmann::ordered_json;

// Documented exit codes (docs/cli.md, "Exit codes").
enum ExitCode {
    kExitSuccess = 0,
    kExitUsage = 1,
    kExitInvalidInput = 2,
    kExitUnsupported = 3,
    kExitOutputFailure = 4,
    kExitCheckFailed = 5,
    kExitBeyondTolerance = 6,
};

// The one place an error's kind becomes an exit code.
int exitCodeFor(ia::ErrorKind kind);

// Writes "inputanim: error: LINE" to `log` and returns the exit code. Text from files is escaped.
int fail(const ia::Error& error, std::ostream& log);
int fail(const ia::Error& error);
int fail(int code, const std::string& line, std::ostream& log);
int fail(int code, const std::string& line);

std::string fixed(double value, int digits = 3);  // "%.*f"
std::string withDefault(const std::string& help, double value);  // "help (default %g)": a default decided elsewhere
// The options that act on an error (by its reason) or on a library note or warning (by its code), as " (...)"; empty
// when none does. The library's own messages name no option.
std::string hintFor(ia::Reason reason);
std::string hintFor(const std::string& code);
// JSON text; invalid UTF-8 (a file name from the command line) is replaced rather than thrown on.
inline std::string dumped(const Json& json, int indent = 2) {
    return json.dump(indent, ' ', false, Json::error_handler_t::replace);
}
std::string shown(std::string_view fromFile);  // a name from a file or a command line, safe and short to print

// Flags shared by every verb.
struct Globals {
    bool quiet = false;  // only errors on stderr
    bool verbose = false;  // batch: every file's summary
};

// The whole of `text` as a finite number (strtod's syntax), or nothing.
std::optional<double> finiteNumber(const std::string& text);

// Option checks with short messages: a finite number above 0, or at least 0 (NaN and infinities are refused).
extern const CLI::Validator kPositive;
extern const CLI::Validator kNonNegative;
extern const CLI::Validator kFinite;  // any finite number (a time)
// A finite number in [least, most] (CLI::Range lets NaN through).
CLI::Validator finiteWithin(double least, double most);

// The input of a reading verb and how to read it.
struct InputOptions {
    std::string path;
    ia::LoadOptions load;
};
// --prerelease-2019, --map, --animation, --side, --allow-external-paths; `name` (nullptr: none) is the positional.
void addInputOptions(CLI::App& verb, InputOptions& input, const char* name = "FILE");
void addReadingOptions(CLI::App& verb, ia::LoadOptions& load);  // the same without the positional

// "-" as an output path: standard output, for formats that stream (binary, GLB, SVG, PNG).
inline bool isStandardOutput(const std::string& path) { return path == "-"; }
// Writes bytes to standard output; returns the exit code (a write failure is reported on `log`).
int writeStandardOutput(const inputanim::ByteProducer& produce, std::ostream& log);
int writeStandardOutput(std::span<const std::uint8_t> bytes, std::ostream& log);

inline ia::Overwrite overwriteFor(bool force) { return force ? ia::Overwrite::Replace : ia::Overwrite::Never; }

// Names from `candidates` within a small edit distance of `typed`, closest first ("did you mean ...?").
std::string didYouMean(std::string_view typed, const std::vector<std::string>& candidates);

}  // namespace cli
