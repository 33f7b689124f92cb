// The inputanim command-line tool: a thin layer over the library. Results go to stdout, messages to stderr.
// This file only wires the verbs (verbs/), suggests what a mistyped word meant, and catches what escapes.
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <new>
#include <optional>
#include <string_view>
#include <utility>

#include "common.hpp"
#include "heap.hpp"
#include "inputanim/core/version.hpp"
#include "verbs/verbs.hpp"

using namespace cli;

namespace {

// The long option names a verb (or the app) takes, for "did you mean --rate?".
std::vector<std::string> optionNames(const CLI::App& app) {
    std::vector<std::string> names;
    for (const CLI::Option* option : app.get_options())
        for (const auto& name : option->get_lnames()) names.push_back("--" + name);
    for (const CLI::App* group : app.get_subcommands([](const CLI::App* sub) { return sub->get_name().empty(); }))
        for (const auto& name : optionNames(*group)) names.push_back(name);
    return names;
}

// An unknown --option of the verb, with the closest known one; none when every --option is known.
std::optional<std::string> unknownOption(const CLI::App& app, const CLI::App& verb, int argc, char** argv) {
    auto known = optionNames(verb);
    for (const auto& name : optionNames(app)) known.push_back(name);
    for (int i = 2; i < argc; ++i) {
        const std::string word = std::string(argv[i]).substr(0, std::string(argv[i]).find('='));
        if (word == "--") break;  // positionals follow
        if (word.rfind("--", 0) == 0 && word.size() > 2 && std::find(known.begin(), known.end(), word) == known.end())
            return "unknown option " + word + " for '" + verb.get_name() + "'" + didYouMean(word, known);
    }
    return std::nullopt;
}

}  // namespace

namespace {

// The exit code, once standard output holds everything the verb printed: a full disk, a file size limit or a closed
// pipe is a write failure (exit 4), not a success.
int flushedOutput(int code) {
    std::cout.flush();
    if (!std::cout.fail()) return code;
    std::cerr << "inputanim: error: standard output: write failed (" << std::strerror(errno)
              << "): the output is incomplete\n";
    return kExitOutputFailure;
}

// The verbs, in the order help lists them.
constexpr std::pair<std::string_view, Verb (*)(CLI::App&, const Globals&)> kVerbs[] = {
    {"info", addInfo},         {"check", addCheck},   {"validate", addValidate}, {"convert", addConvert},
    {"generate", addGenerate}, {"sample", addSample}, {"diff", addDiff},         {"plot", addPlot},
    {"trim", addTrim},         {"shift", addShift},   {"retime", addRetime},     {"markers", addMarkers},
    {"mirror", addMirror},     {"merge", addMerge},   {"verify", addVerify},     {"profile", addProfile}};

bool isVerb(std::string_view word) {
    return std::any_of(std::begin(kVerbs), std::end(kVerbs), [&](const auto& verb) { return verb.first == word; });
}

std::vector<std::string> verbNames() {
    std::vector<std::string> names;
    for (const auto& verb : kVerbs) names.emplace_back(verb.first);
    return names;
}

constexpr const char* kOutOfMemory =
    "out of memory (the input is larger than this machine can convert, or a memory limit is set)";

// An exception no verb caught, named with the file the verb reads (when there is one).
int failedWith(const std::string* input, const std::string& what) {
    std::cerr << "inputanim: error: " << (input && !input->empty() ? ia::printable(*input) + ": " : std::string())
              << what << "\n";
    return kExitInvalidInput;
}

}  // namespace

int main(int argc, char** argv) try {
    keepFreedMemory();
    keepMemoryForUnwinding();
    ia::removeTemporariesOnSignals();
    ia::prepareStandardStreams();
    // The arguments as UTF-8 (on Windows from the wide command line): kept for the process's life.
    static std::vector<std::string> arguments = ia::utf8Arguments(argc, argv);
    static std::vector<char*> pointers;
    for (auto& argument : arguments) pointers.push_back(argument.data());
    pointers.push_back(nullptr);
    argc = int(arguments.size());
    argv = pointers.data();
    CLI::App app{"inputanim: convert MRTK input animation recordings to glTF 2.0 and back, and inspect them",
                 "inputanim"};
    app.set_version_flag("--version",
                         std::string("inputanim ") + INPUTANIM_VERSION +
                             "\nformats: MRTK input animation 1.0, 1.1 compact, 1.1 full; glTF 2.0 (.glb, .gltf)"
                             "\nglTF I/O: tinygltf " INPUTANIM_TINYGLTF_VERSION);
    app.allow_windows_style_options(false);  // verbs inherit it: "/data/g.bin" is a path on Windows too
    app.require_subcommand(1);
    app.fallthrough();  // -q and -v also after the verb
    Globals globals;
    app.add_flag("-q,--quiet", globals.quiet, "print only errors on stderr");
    app.add_flag("-v,--verbose", globals.verbose, "batch: print every file's summary");
    app.footer("Run 'inputanim help VERB' (or VERB --help) for a verb's options. Documentation: docs/cli.md.");

    // Only the verb named first is built: CLI11 spends a tenth of a small conversion's instructions building every
    // verb's options. Anything else first (help, an option, a mistyped verb) builds them all.
    std::vector<Verb> verbs;
    for (const auto& [name, add] : kVerbs)
        if (argc < 2 || !isVerb(argv[1]) || name == argv[1]) verbs.push_back(add(app, globals));
    std::vector<CLI::App*> commands;
    for (auto& [command, run, input] : verbs) {
        command->set_version_flag("--version", std::string("inputanim ") + INPUTANIM_VERSION);
        commands.push_back(command);
    }

    const auto names = verbNames();
    // "inputanim help [VERB]" is "inputanim [VERB] --help".
    if (argc >= 2 && std::string(argv[1]) == "help") {
        for (CLI::App* command : commands)
            if (argc >= 3 && command->get_name() == argv[2]) return std::cout << command->help(), kExitSuccess;
        if (argc >= 3)
            return fail(kExitUsage, "unknown verb '" + std::string(argv[2]) + "'" + didYouMean(argv[2], names));
        return std::cout << app.help(), kExitSuccess;
    }
    if (argc >= 2 && argv[1][0] != '-' && !isVerb(argv[1])) {
        std::string list;
        for (const auto& name : names) list += (list.empty() ? "" : ", ") + name;
        return fail(kExitUsage,
                    "unknown verb '" + std::string(argv[1]) + "'" + didYouMean(argv[1], names) + "; verbs: " + list);
    }
    if (argc < 2) return std::cerr << app.help(), kExitUsage;
    for (CLI::App* command : commands)
        if (command->get_name() == argv[1])
            if (auto problem = unknownOption(app, *command, argc, argv))
                return fail(kExitUsage, *problem + "; run 'inputanim help " + argv[1] + "'");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        if (error.get_exit_code() == 0) return app.exit(error) == 0 ? kExitSuccess : kExitUsage;  // --help, --version
        std::cerr << "inputanim: error: " << ia::printable(error.what()) << "\nRun 'inputanim help";
        for (CLI::App* command : commands)
            if (command->parsed()) std::cerr << " " << command->get_name();
        std::cerr << "' for more.\n";
        return kExitUsage;
    }
    for (auto& verb : verbs)
        if (verb.command->parsed()) {
            // Caught here, not by main's handlers below: those run after main's locals (the input's path among
            // them) are gone.
            try {
                const int code = verb.run();
                return code == kExitSuccess || code == kExitCheckFailed || code == kExitBeyondTolerance
                           ? flushedOutput(code)
                           : code;
            } catch (const std::bad_alloc&) {
                return failedWith(verb.input, kOutOfMemory);
            } catch (const std::exception& error) { return failedWith(verb.input, ia::printable(error.what())); }
        }
    return kExitUsage;
} catch (const std::bad_alloc&) { return failedWith(nullptr, kOutOfMemory); } catch (const std::exception& error) {
    return failedWith(nullptr, ia::printable(error.what()));
}
