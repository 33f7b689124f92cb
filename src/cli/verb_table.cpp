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
    // "inputanim help [VERB]" is "inputanim [VERB] --help".
    if (argc >= 2 && std::string(argv[1]) == "help") {
        for (const auto& verb : verbs)
            if (argc >= 3 && verb.command->get_name() == argv[2])
                return std::cout << verb.command->help(), kExitSuccess;
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
    for (const auto& verb : verbs)
        if (verb.command->get_name() == argv[1])
            if (auto problem = unknownOption(app, *verb.command, argc, argv))
                return fail(kExitUsage, *problem + "; run 'inputanim help " + argv[1] + "'");
    return std::nullopt;
}

}  // namespace cli
