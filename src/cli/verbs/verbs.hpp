// The tool's verbs. Each adds its subcommand to the app and returns it with what runs it once the command line is
// parsed (internal to the tool; main.cpp only wires them).
#pragma once

#include <functional>

#include "common.hpp"

namespace cli {

using Run = std::function<int()>;

struct Verb {
    CLI::App* command;  // the subcommand, as added to the app
    Run run;  // runs it once the command line is parsed
    const std::string* input = nullptr;  // the file it reads, to name in a message when memory runs out
};

Verb addInfo(CLI::App& app, const Globals& globals);
Verb addCheck(CLI::App& app, const Globals& globals);
Verb addValidate(CLI::App& app, const Globals& globals);
Verb addConvert(CLI::App& app, const Globals& globals);
Verb addGenerate(CLI::App& app, const Globals& globals);
Verb addSample(CLI::App& app, const Globals& globals);
Verb addDiff(CLI::App& app, const Globals& globals);
Verb addPlot(CLI::App& app, const Globals& globals);
Verb addTrim(CLI::App& app, const Globals& globals);
Verb addShift(CLI::App& app, const Globals& globals);
Verb addRetime(CLI::App& app, const Globals& globals);
Verb addMarkers(CLI::App& app, const Globals& globals);
Verb addMirror(CLI::App& app, const Globals& globals);
Verb addMerge(CLI::App& app, const Globals& globals);
Verb addRun(CLI::App& app, const Globals& globals);
Verb addVerify(CLI::App& app, const Globals& globals);
Verb addProfile(CLI::App& app, const Globals& globals);

}  // namespace cli
