#include "common.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "inputanim/core/utf8.hpp"

namespace cli {

int exitCodeFor(ia::ErrorKind kind) { return ia::exitStatusFor(kind); }

int fail(std::ostream& log, int code, const std::string& text) {
    log << "inputanim: error: " << text << "\n";
    return code;
}

// What the CLI's user can do about an error, by its reason: the options that act on it.
std::string hintFor(ia::Reason reason) {
    switch (reason) {
        case ia::Reason::OutputExists: return " (--force replaces it)";
        case ia::Reason::OutputIsInput: return " (not even with --force)";
        case ia::Reason::OutsideFolder: return " (--allow-external-paths allows it)";
        case ia::Reason::Prerelease2019: return " (read it with --prerelease-2019)";
        case ia::Reason::ArchiveDamaged: return " (--accept-damaged reads it as it is)";
        case ia::Reason::NodesUnrecognised: return " (--map names nodes; docs/cli.md)";
        case ia::Reason::SideUnknown: return " (give --side left or --side right)";
        case ia::Reason::SideOfTwoHands: return " (--side is for files with one hand)";
        case ia::Reason::NodeMapInvalid: return " (--map; its schema is in docs/cli.md)";
        case ia::Reason::AnimationMissing: return " (--animation NAME|INDEX)";
        case ia::Reason::WindowInvalid: return " (choose one with --start and --end)";
        case ia::Reason::GridTooLarge:
            return " (choose a lower --rate, a shorter window with --start and --end, or fewer joints with --select)";
        case ia::Reason::FitBudget: return " (a larger --pos-tolerance or --rot-tolerance needs fewer)";
        case ia::Reason::GeneratorTooLong: return " (choose a shorter --duration or a lower --rate)";
        case ia::Reason::MirrorNeedsLinearKeys: return " (--plane x=METRES mirrors any keys)";
        case ia::Reason::BinaryOptionsNotBinary: return " (--format-version and --layout)";
        case ia::Reason::ExtensionUnsupported:
        case ia::Reason::MarkupPage:
        case ia::Reason::OutOfMemory:
        case ia::Reason::Unspecified: break;
    }
    return "";
}

std::string hintFor(const std::string& code) {
    if (code == "keys-kept-by-1.0") return " (--format-version 1.0)";
    if (code == "full-layout-replaced") return " (--layout full keeps it)";
    if (code == "beyond-tolerance") return " (exit status 6; --pos-tolerance and --rot-tolerance set them)";
    if (code == "animation-read") return " (--animation NAME|INDEX picks another)";
    if (code == "pose-held") return " (--hold SECONDS)";
    if (code == "side-by-shape") return " (--side left or right overrides it)";
    return "";
}

int fail(const ia::Error& error, std::ostream& log) {
    return fail(log, exitCodeFor(error.kind), error.describe() + hintFor(error.reason));
}
int fail(const ia::Error& error) { return fail(error, std::cerr); }
int fail(int code, const std::string& line, std::ostream& log) { return fail(log, code, ia::printable(line)); }
int fail(int code, const std::string& line) { return fail(code, line, std::cerr); }

std::string withDefault(const std::string& help, double value) {
    char text[48];
    std::snprintf(text, sizeof text, " (default %g)", value);
    return help + text;
}

std::string fixed(double value, int digits) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", digits, value);
    return text;
}

std::string shown(std::string_view fromFile) { return ia::printable(ia::shortened(fromFile, ia::kLongestShownName)); }

std::optional<double> finiteNumber(const std::string& text) {
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || *end != '\0' || !std::isfinite(value)) return std::nullopt;
    return value;
}

namespace {
CLI::Validator finiteAtLeast(double least, bool strictly, const char* name) {
    return CLI::Validator(
        [least, strictly](std::string& text) -> std::string {
            const auto value = finiteNumber(text);
            const bool ok = value && (strictly ? *value > least : *value >= least);
            return ok ? std::string()
                      : "'" + text + "' is not a finite number " + (strictly ? "above " : "of at least ") +
                            std::to_string(int(least));
        },
        name);
}
}  // namespace

CLI::Validator finiteWithin(double least, double most) {
    return CLI::Validator(
        [least, most](std::string& text) -> std::string {
            if (const auto value = finiteNumber(text); value && *value >= least && *value <= most) return {};
            char range[96];
            std::snprintf(range, sizeof range, "%g to %g", least, most);
            return "'" + text + "' is not a number from " + range;
        },
        "NUMBER");
}

const CLI::Validator kFinite = finiteWithin(-3.4e38, 3.4e38);
const CLI::Validator kPositive = finiteAtLeast(0, true, "NUMBER > 0");
const CLI::Validator kNonNegative = finiteAtLeast(0, false, "NUMBER >= 0");

void addInputOptions(CLI::App& verb, InputOptions& input, const char* name) {
    if (name)
        verb.add_option(name, input.path, "recording: MRTK binary (.bin) or glTF (.glb, .gltf), told apart by content")
            ->required();
    addReadingOptions(verb, input.load);
}

void addReadingOptions(CLI::App& verb, ia::LoadOptions& load) {
    verb.add_flag("--prerelease-2019", load.binary.acceptPrerelease2019,
                  "read a header-less mid-2019 prerelease recording as a 1.0 body, rebasing its times to start at 0");
    verb.add_option("--map", load.mapFile, "glTF input: JSON file naming the nodes to use (schema in docs/cli.md)");
    verb.add_option("--animation", load.gltf.animation,
                    "glTF input: the animation to read, by name or index (default: InputAnimation, else the first)");
    verb.add_option_function<std::string>(
            "--side",
            [&load](const std::string& side) { load.gltf.side = side == "left" ? ia::Hand::Left : ia::Hand::Right; },
            "glTF input: the side of a one-handed rig, whatever its names or shape say (left or right)")
        ->transform(CLI::IsMember({"left", "right"}, CLI::ignore_case));
    verb.add_flag("--allow-external-paths", load.gltf.allowExternalPaths,
                  "glTF input: let a .gltf read buffers outside its own folder");
    verb.add_flag("--accept-damaged", load.gltf.acceptDamaged,
                  "glTF input: read an archive whose buffer is not the one it recorded, with a warning");
    verb.add_option("--hold", load.gltf.hold,
                    withDefault("glTF input: seconds a single pose is held, so that MRTK shows it", load.gltf.hold))
        ->check(finiteWithin(ia::kHoldLeast, ia::kHoldMost));
}

int writeStandardOutput(const ia::ByteProducer& produce, std::ostream& log) {
    std::cout.flush();
    auto written = produce([](std::span<const std::uint8_t> piece) { return ia::writeStandardOutput(piece); });
    if (!written) return fail(written.error(), log);
    return kExitSuccess;
}

int writeStandardOutput(std::span<const std::uint8_t> bytes, std::ostream& log) {
    return writeStandardOutput([&](const ia::ByteSink& write) { return write(bytes); }, log);
}

namespace {
std::size_t editDistance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            const bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                              std::tolower(static_cast<unsigned char>(b[j - 1]));
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
            diagonal = up;
        }
    }
    return row[b.size()];
}
}  // namespace

std::string didYouMean(std::string_view typed, const std::vector<std::string>& candidates) {
    std::string best;
    const std::size_t letters = typed.size() - std::min(typed.find_first_not_of('-'), typed.size());
    std::size_t bestDistance = std::max<std::size_t>(1, letters / 3) + 1;  // one typo per three letters
    for (const auto& candidate : candidates) {
        const std::size_t distance = editDistance(typed, candidate);
        const bool prefix = typed.size() >= 3 && candidate.rfind(std::string(typed), 0) == 0;
        if (prefix || distance < bestDistance) {
            best = candidate;
            bestDistance = prefix ? 0 : distance;
        }
    }
    return best.empty() ? "" : " (did you mean " + best + "?)";
}

}  // namespace cli
