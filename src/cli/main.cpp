// The inputanim command-line tool: a thin layer over the library. Results go to stdout, messages to stderr.
// This file only wires the verbs (verb_table.hpp: which verbs, what is answered before one runs) and catches what
// escapes.
#include <cerrno>
#include <cstring>
#include <iostream>
#include <new>

#include "common.hpp"
#include "heap.hpp"
#include "inputanim/core/version.hpp"
#include "verb_table.hpp"
#include "verbs/verbs.hpp"

using namespace cli;

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
    const std::string version = std::string("inputanim ") + INPUTANIM_VERSION +
                                "\nformats: MRTK input animation 1.0, 1.1 compact, 1.1 full; glTF 2.0 (.glb, .gltf)"
                                "\nglTF I/O: tinygltf " INPUTANIM_TINYGLTF_VERSION;
    // Answered here alone, as CLI11 words it, without CLI11's exception (see answerBeforeParsing).
    if (argc == 2 && std::string(argv[1]) == "--version") return std::cout << version << std::endl, kExitSuccess;
    app.set_version_flag("--version", version);
    app.allow_windows_style_options(false);  // verbs inherit it: "/data/g.bin" is a path on Windows too
    app.require_subcommand(1);
    app.fallthrough();  // -q and -v also after the verb
    Globals globals;
    app.add_flag("-q,--quiet", globals.quiet, "print only errors on stderr");
    app.add_flag("-v,--verbose", globals.verbose, "batch: print every file's summary");
    app.footer("Run 'inputanim help VERB' (or VERB --help) for a verb's options. Documentation: docs/cli.md.");

    std::vector<Verb> verbs = addVerbs(app, globals, argc, argv);
    for (auto& verb : verbs) verb.command->set_version_flag("--version", std::string("inputanim ") + INPUTANIM_VERSION);

    if (auto answer = answerBeforeParsing(app, verbs, argc, argv)) return *answer;
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        if (error.get_exit_code() == 0) return app.exit(error) == 0 ? kExitSuccess : kExitUsage;  // --help, --version
        std::cerr << "inputanim: error: " << ia::printable(error.what()) << "\nRun 'inputanim help";
        for (const auto& verb : verbs)
            if (verb.command->parsed()) std::cerr << " " << verb.command->get_name();
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
