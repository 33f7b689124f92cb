#include "verb_table.hpp"

#include <algorithm>
#include <iostream>
#include <string>
#include <utility>

namespace cli {
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

// The verbs, in the order help lists them.
constexpr std::pair<std::string_view, Verb (*)(CLI::App&, const Globals&)> kVerbs[] = {
    {"info", addInfo},         {"check", addCheck},   {"validate", addValidate}, {"convert", addConvert},
    {"generate", addGenerate}, {"sample", addSample}, {"diff", addDiff},         {"plot", addPlot},
    {"trim", addTrim},         {"shift", addShift},   {"retime", addRetime},     {"markers", addMarkers},
    {"mirror", addMirror},     {"merge", addMerge},   {"run", addRun},           {"verify", addVerify},
    {"profile", addProfile}};

bool isVerb(std::string_view word) {
    return std::any_of(std::begin(kVerbs), std::end(kVerbs), [&](const auto& verb) { return verb.first == word; });
}

std::vector<std::string> verbNames() {
    std::vector<std::string> names;
    for (const auto& verb : kVerbs) names.emplace_back(verb.first);
    return names;
}

}  // namespace

std::vector<Verb> addVerbs(CLI::App& app, const Globals& globals, int argc, char** argv) {
    std::vector<Verb> verbs;
    for (const auto& [name, add] : kVerbs)
        if (argc < 2 || !isVerb(argv[1]) || name == argv[1]) verbs.push_back(add(app, globals));
    return verbs;
}

std::optional<int> answerBeforeParsing(const CLI::App& app, const std::vector<Verb>& verbs, int argc, char** argv) {
    const auto names = verbNames();
    // "inputanim help [VERB]" is "inputanim [VERB] --help", which is answered here too, as CLI11 words it, when
    // nothing else is asked: CLI11 answers by throwing, and a static executable's first exception sorts the
    // program's every frame description first (2-3 ms).
    const auto asksHelp = [](const char* arg) { return std::string(arg) == "--help" || std::string(arg) == "-h"; };
    const bool help = argc >= 2 && std::string(argv[1]) == "help";
    if (help || (argc == 2 && asksHelp(argv[1])) || (argc == 3 && asksHelp(argv[2]))) {
        const char* asked = help ? (argc >= 3 ? argv[2] : nullptr) : (argc == 3 ? argv[1] : nullptr);
        for (const auto& verb : verbs)
            if (asked && verb.command->get_name() == asked)
                return std::cout << verb.command->help(app.get_name()), kExitSuccess;
        if (asked && help)
            return fail(kExitUsage, "unknown verb '" + std::string(asked) + "'" + didYouMean(asked, names));
        if (!asked) return std::cout << app.help(), kExitSuccess;
    }
    if (argc >= 2 && argv[1][0] != '-' && !isVerb(argv[1])) {
        std::string list;
        for (const auto& name : names) list += (list.empty() ? "" : ", ") + name;
        return fail(kExitUsage,
                    "unknown verb '" + std::string(argv[1]) + "'" + didYouMean(argv[1], names) + "; verbs: " + list);
    }
    if (argc < 2) return std::cerr << app.help(), kExitUsage;
    for (const auto& verb : verbs)
        if (verb.command->get_name() == argv[1])
            if (auto problem = unknownOption(app, *verb.command, argc, argv))
                return fail(kExitUsage, *problem + "; run 'inputanim help " + argv[1] + "'");
    return std::nullopt;
}

}  // namespace cli
