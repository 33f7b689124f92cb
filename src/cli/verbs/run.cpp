// run: one job written as JSON (schema inputanim.job/1), for front ends that speak JSON (the Blender add-on):
// what convert and the edit verbs do, its report (inputanim.run/1) on standard output.
#include <iostream>

#include "convert.hpp"
#include "heap.hpp"
#include "inputanim/io/file_io.hpp"
#include "inputanim/io/process.hpp"
#include "verbs.hpp"

namespace cli {

Verb addRun(CLI::App& app, const Globals& globals) {
    struct Options {
        std::string path;
        std::string input;  // the job's, named when memory runs out
    };
    auto o = std::make_shared<Options>();
    CLI::App* run = app.add_subcommand("run", "run a conversion job written as JSON; print its report as JSON");
    run->add_option("JOB", o->path, "the job: a JSON file (schema in docs/cli.md), or - for standard input")
        ->required();
    run->footer(
        "The report goes to standard output, unless the job's output is standard output (then the messages go to\n"
        "standard error, as convert's do).\n"
        "Example: echo '{\"input\": \"rec.bin\", \"output\": \"rec.glb\", \"gltf\": {\"rig\": \"hierarchy\"}}' |"
        " inputanim run -");
    return {run,
            [o, &globals] {
                auto text = isStandardOutput(o->path) ? ia::readStandardInput(ia::kMaxJobBytes)
                                                      : ia::readFile(o->path, ia::kMaxJobBytes);
                if (!text) return fail(text.error());
                auto job = ia::readJob(std::string_view(reinterpret_cast<const char*>(text->data()), text->size()));
                if (!job) return fail(job.error().from(isStandardOutput(o->path) ? "standard input" : o->path));
                o->input = job->input;
                reserveHeapFor(job->input);
                ia::JobReport report;
                return runConverting(*job, !isStandardOutput(job->output), std::cerr, globals.quiet, report);
            },
            &o->input};
}

}  // namespace cli
