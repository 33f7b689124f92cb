// trim, shift, retime, markers: edits of a recording (edit/edit.hpp), written in any format (save.hpp).
#include <algorithm>
#include <iostream>

#include "convert.hpp"
#include "inputanim/edit/edit.hpp"
#include "inputanim/report.hpp"
#include "inputanim/save.hpp"
#include "verbs.hpp"

namespace cli {
namespace {

struct EditSettings {
    ia::Job job;  // its verb, input, output, reading and binary options; the edits are set per verb
    bool force = false;
    bool json = false;
};

void addEditOptions(CLI::App& verb, EditSettings& s, bool outputRequired = true) {
    verb.add_option("IN", s.job.input, "recording: MRTK binary (.bin) or glTF (.glb, .gltf), told apart by content")
        ->required();
    addReadingOptions(verb, s.job.reading);
    auto* out = verb.add_option(
        "OUT", s.job.output, "the edited recording: .bin, .glb or .gltf, by its extension (the input's version kept)");
    if (outputRequired) out->required();
    verb.add_flag("-f,--force", s.force, "replace OUT if it exists");
    verb.add_flag("--json", s.json,
                  "print a report (what changed, what was written, the result as info --json) on standard output");
    addBinaryOptions(verb, s.job.binary);
}

// Runs the edit job `verb` with `steps`; the exit status.
int runEdit(const char* verb, EditSettings& s, const Globals& globals, std::vector<ia::EditStep> steps) {
    s.job.verb = verb;
    s.job.edits = std::move(steps);
    s.job.overwrite = overwriteFor(s.force);
    ia::JobReport report;
    return runConverting(s.job, s.json, std::cerr, globals.quiet, report, nullptr,
                         [](const ia::Job& job, const ia::JobReport& done, std::ostream& log) {
                             const ia::EditReport& e = done.edit;
                             log << "wrote " << shown(job.output) << ": " << job.verb << ", " << e.keysKept
                                 << " keys kept, " << e.keysAdded << " added, " << e.timesRounded << " times and "
                                 << e.valuesRounded << " values rounded to float32, " << e.markersKept << " markers ("
                                 << e.markersDropped << " dropped), "
                                 << fixed((*done.recording)["duration"].get<double>()) << " s\n";
                         });
}

// "1.5=press" -> {1.5, "press"}; "old=new" -> {"old", "new"}.
std::optional<std::pair<std::string, std::string>> splitPair(const std::string& text) {
    const auto at = text.find('=');
    if (at == std::string::npos || at == 0) return std::nullopt;
    return std::pair{text.substr(0, at), text.substr(at + 1)};
}

ia::Result<ia::MarkerEdits> markerEdits(const std::vector<std::string>& add, const std::vector<std::string>& remove,
                                        const std::vector<std::string>& rename, const std::string& from) {
    ia::MarkerEdits edits;
    edits.remove = remove;
    for (const auto& text : add) {
        auto pair = splitPair(text);
        const auto time = pair ? finiteNumber(pair->first) : std::nullopt;
        if (!time) return ia::Error::usage("--add takes SECONDS=NAME, not \"" + text + "\"");
        edits.add.push_back({ia::markerTime(*time), pair->second});
    }
    for (const auto& text : rename) {
        auto pair = splitPair(text);
        if (!pair) return ia::Error::usage("--rename takes OLD=NEW, not \"" + text + "\"");
        edits.rename.push_back(*pair);
    }
    if (!from.empty()) {
        auto markers = ia::readMarkersFile(from);
        if (!markers) return markers.error();
        edits.replace = std::move(*markers);
    }
    return edits;
}

// --offset PART=SECONDS, as (part index, seconds).
ia::Result<std::vector<std::pair<int, double>>> partOffsets(const std::vector<std::string>& texts) {
    std::vector<std::pair<int, double>> offsets;
    for (const auto& text : texts) {
        auto pair = splitPair(text);
        const auto named = pair ? ia::mergePartNamed(pair->first) : std::nullopt;
        const auto seconds = pair ? finiteNumber(pair->second) : std::nullopt;
        if (!named || !seconds)
            return ia::Error::usage("--offset takes PART=SECONDS (camera, left, right or gaze), not \"" + text + "\"");
        const int part = int(*named);
        if (std::any_of(offsets.begin(), offsets.end(), [&](const auto& offset) { return offset.first == part; }))
            return ia::Error::usage("--offset names " + pair->first + " twice");
        offsets.emplace_back(part, *seconds);
    }
    return offsets;
}

}  // namespace

Verb addTrim(CLI::App& app, const Globals& globals) {
    struct Options {
        EditSettings edit;
        std::string start = "0", end;
        bool keepTime = false;
    };
    auto o = std::make_shared<Options>();
    CLI::App* verb =
        app.add_subcommand("trim", "keep a time range of a recording: its keys bit for bit, exact keys at the cuts");
    addEditOptions(*verb, o->edit);
    verb->add_option("--start", o->start, "seconds, or a marker's name (default 0)");
    verb->add_option("--end", o->end, "seconds, or a marker's name (default: the recording's end)");
    verb->add_flag("--keep-time", o->keepTime, "keep the keys' times (default: the range starts at 0)");
    verb->footer("Example: inputanim trim take.bin pinch.bin --start press --end release");
    return {verb,
            [o, &globals] {
                ia::EditStep step;
                step.kind = ia::EditStep::Kind::Trim;
                step.start = o->start;
                if (!o->end.empty()) step.end = o->end;
                step.keepTime = o->keepTime;
                return runEdit("trim", o->edit, globals, {step});
            },
            &o->edit.job.input};
}

Verb addShift(CLI::App& app, const Globals& globals) {
    struct Options {
        EditSettings edit;
        double by = 0;
    };
    auto o = std::make_shared<Options>();
    CLI::App* verb = app.add_subcommand("shift", "move every key and marker in time");
    addEditOptions(*verb, o->edit);
    verb->add_option("--by", o->by, "seconds, later (or earlier when negative)")->required()->check(kFinite);
    return {verb,
            [o, &globals] {
                ia::EditStep step;
                step.amount = o->by;  // a shift
                return runEdit("shift", o->edit, globals, {step});
            },
            &o->edit.job.input};
}

Verb addRetime(CLI::App& app, const Globals& globals) {
    struct Options {
        EditSettings edit;
        std::optional<double> speed, duration;
    };
    auto o = std::make_shared<Options>();
    CLI::App* verb =
        app.add_subcommand("retime", "play a recording faster or slower: times scaled, each curve's shape kept");
    addEditOptions(*verb, o->edit);
    auto* speed = verb->add_option("--speed", o->speed, "2 plays twice as fast, 0.5 half as fast")->check(kPositive);
    auto* duration = verb->add_option("--duration", o->duration, "seconds the result lasts")->check(kPositive);
    speed->excludes(duration);
    verb->footer("Exactly one of --speed and --duration.");
    return {verb,
            [o, &globals] {
                if (!o->speed && !o->duration) return fail(kExitUsage, "retime needs --speed or --duration");
                ia::EditStep step;
                step.kind = o->speed ? ia::EditStep::Kind::Retime : ia::EditStep::Kind::Duration;
                step.amount = o->speed ? *o->speed : *o->duration;
                return runEdit("retime", o->edit, globals, {step});
            },
            &o->edit.job.input};
}

Verb addMarkers(CLI::App& app, const Globals& globals) {
    struct Options {
        EditSettings edit;
        std::vector<std::string> add, remove, rename;
        std::string from;
    };
    auto o = std::make_shared<Options>();
    CLI::App* verb = app.add_subcommand(
        "markers", "list a recording's markers, or add, remove, rename or replace them (keys untouched)");
    addEditOptions(*verb, o->edit, false);
    verb->add_option("--add", o->add, "SECONDS=NAME (repeatable)");
    verb->add_option("--remove", o->remove, "NAME: every marker so named (repeatable)");
    verb->add_option("--rename", o->rename, "OLD=NEW (repeatable)");
    verb->add_option("--from", o->from,
                     "a JSON file [{\"time\": seconds, \"name\": text}, ...] replacing the markers first");
    verb->footer(
        "Without OUT, lists the markers (time and name, one per line; --json: as info --json's).\n"
        "Example: inputanim markers take.bin take2.bin --add 1.5=press --rename start=begin");
    return {verb,
            [o, &globals] {
                const bool edits = !o->add.empty() || !o->remove.empty() || !o->rename.empty() || !o->from.empty();
                if (o->edit.job.output.empty()) {
                    if (edits) return fail(kExitUsage, "markers: the edits need an output file (OUT)");
                    auto r = ia::loadFile(o->edit.job.input, o->edit.job.reading);
                    if (!r) return fail(r.error());
                    if (o->edit.json)
                        std::cout << dumped(ia::infoJson(o->edit.job.input, *r, {}, ia::summarize(*r), {})["markers"])
                                  << "\n";
                    else
                        for (const auto& m : r->markers) std::cout << fixed(m.time, 6) << " " << shown(m.name) << "\n";
                    return int(kExitSuccess);
                }
                auto parsed = markerEdits(o->add, o->remove, o->rename, o->from);
                if (!parsed) return fail(parsed.error());
                ia::EditStep step;
                step.kind = ia::EditStep::Kind::Markers;
                step.markers = std::move(*parsed);
                return runEdit("markers", o->edit, globals, {step});
            },
            &o->edit.job.input};
}

Verb addMirror(CLI::App& app, const Globals& globals) {
    struct Options {
        EditSettings edit;
        std::string plane;
    };
    auto o = std::make_shared<Options>();
    CLI::App* verb = app.add_subcommand(
        "mirror", "make the other hand's version: left becomes right, reflected through the head's plane");
    addEditOptions(*verb, o->edit);
    verb->add_option("--plane", o->plane,
                     "x=METRES: a plane of constant x in Unity's world, which keeps every key's time (default: the "
                     "head's sagittal plane)");
    verb->footer("Example: inputanim mirror left-pinch.bin right-pinch.bin");
    return {verb,
            [o, &globals] {
                ia::MirrorOptions options;
                if (!o->plane.empty()) {
                    auto pair = splitPair(o->plane);
                    const auto x = pair && pair->first == "x" ? finiteNumber(pair->second) : std::nullopt;
                    if (!x)
                        return fail(kExitUsage,
                                    "--plane takes x=METRES (a plane of constant x), not \"" + o->plane + "\"");
                    options.plane = ia::MirrorPlane{*x, 0, 1, 0};
                }
                ia::EditStep step;
                step.kind = ia::EditStep::Kind::Mirror;
                step.mirror = options;
                return runEdit("mirror", o->edit, globals, {step});
            },
            &o->edit.job.input};
}

Verb addMerge(CLI::App& app, const Globals& globals) {
    struct Options {
        EditSettings edit;
        std::string parts[4];  // camera, left, right, gaze
        std::vector<std::string> offsets;
    };
    auto o = std::make_shared<Options>();
    CLI::App* verb =
        app.add_subcommand("merge", "put parts of several recordings together: camera, left hand, right hand, gaze");
    verb->add_option("OUT", o->edit.job.output, "the merged recording: .bin, .glb or .gltf, by its extension")
        ->required();
    verb->add_option("--base", o->edit.job.input,
                     "the recording whose other parts and markers are kept (default: the first part's)");
    addReadingOptions(*verb, o->edit.job.reading);  // for every input
    for (int p = 0; p < 4; ++p)
        verb->add_option("--" + std::string(ia::kMergePartNames[p]), o->parts[p],
                         "the recording whose " + std::string(ia::kMergePartNames[p]) + " to take");
    verb->add_option("--offset", o->offsets, "PART=SECONDS: move that part's keys in time (repeatable)");
    verb->add_flag("-f,--force", o->edit.force, "replace OUT if it exists");
    verb->add_flag("--json", o->edit.json,
                   "print a report (what changed, what was written, the result as info --json) on standard output");
    addBinaryOptions(*verb, o->edit.job.binary);
    verb->footer(
        "A hand's tracked and pinching states go with it. Example:\n"
        "  inputanim merge both.bin --camera take1.bin --left take1.bin --right take2.bin --offset right=0.5");
    return {verb,
            [o, &globals] {
                ia::Job& job = o->edit.job;
                auto offsets = partOffsets(o->offsets);
                if (!offsets) return fail(offsets.error());
                for (int p = 0; p < 4; ++p) {
                    if (o->parts[p].empty()) continue;
                    if (job.input.empty()) job.input = o->parts[p];
                    double offset = 0;
                    for (const auto& [which, seconds] : *offsets)
                        if (which == p) offset = seconds;
                    job.parts.push_back({ia::MergePart(p), o->parts[p], offset});
                }
                if (job.input.empty())
                    return fail(kExitUsage, "merge needs at least one of --camera, --left, --right, --gaze");
                return runEdit("merge", o->edit, globals, {});
            },
            &o->edit.job.input};
}

}  // namespace cli
