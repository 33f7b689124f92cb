// The verbs the tool has, and what it answers before running one: `help [VERB]`, an unknown verb or an unknown
// --option of the verb (with "did you mean"), and no verb at all.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "common.hpp"
#include "verbs/verbs.hpp"

namespace cli {

// Every verb's options added to `app` (or only `argv[1]`'s when it names a verb: building them all costs a tenth
// of a small conversion).
std::vector<Verb> addVerbs(CLI::App& app, const Globals& globals, int argc, char** argv);

// The exit code of an answer given without running a verb (help printed, or a usage error), or nullopt to go on.
std::optional<int> answerBeforeParsing(const CLI::App& app, const std::vector<Verb>& verbs, int argc, char** argv);

}  // namespace cli
