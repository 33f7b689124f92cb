// sample: poses and states per frame as MRTK plays them, as CSV or JSON.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <iostream>

#include "inputanim/analysis/selection.hpp"
#include "inputanim/analysis/summary.hpp"
#include "inputanim/analysis/time_grid.hpp"
#include "inputanim/core/playback.hpp"
#include "inputanim/report.hpp"
#include "verbs.hpp"

namespace cli {
namespace {

// A frame's columns (the library's SampleColumns), as CSV; JSON is the library's frameJson, on the same columns.
class FrameWriter {
public:
    FrameWriter(const ia::Recording& recording, const ia::Selection& selection)
        : columns_(ia::sampleColumns(recording, selection)) {}

    std::vector<std::string> csvHeader() const { return ia::sampleColumnNames(columns_); }

    std::string csvRow(const ia::FrameSample& f) const {
        std::string row = number(f.time);
        auto add = [&](const std::string& value) { row += "," + value; };
        auto pose = [&](const ia::PoseSample& p) {
            for (double v : p.position) add(number(v));
            for (double v : p.rotation) add(p.rotationDefined ? number(v) : "");
        };
        if (columns_.camera) pose(f.camera);
        for (ia::Hand hand : ia::kHands) {
            const int h = int(hand);
            if (columns_.joints[h].empty()) continue;
            add(f.tracked[h] ? "1" : "0");
            add(f.pinching[h] ? "1" : "0");
            for (ia::Joint joint : columns_.joints[h]) pose(f.joints[h][ia::indexOf(joint)]);
        }
        if (columns_.gaze) {
            for (double v : f.gazeOrigin) add(number(v));
            for (double v : f.gazeDirection) add(number(v));
        }
        return row;
    }

    Json frameJson(const ia::FrameSample& f) const { return ia::frameJson(f, columns_); }
    const ia::SampleColumns& columns() const { return columns_; }

private:
    static std::string number(double v) {
        char text[32];
        std::snprintf(text, sizeof text, "%.9g", v);
        return text;
    }
    ia::SampleColumns columns_;
};

// --times FILE: one time in seconds per line (blank lines skipped), at most kMaxGridTimes of them.
ia::Result<std::vector<double>> readTimes(const std::string& path) {
    auto bytes = ia::readFile(path);
    if (!bytes) return bytes.error();
    std::vector<double> times;
    std::size_t line = 1;
    const char* p = reinterpret_cast<const char*>(bytes->data());
    const char* end = p + bytes->size();
    while (p < end) {
        const char* eol = std::find(p, end, '\n');
        std::string text(p, eol);
        if (text.find_first_not_of(" \t\r") != std::string::npos) {
            char* stop = nullptr;
            const double t = std::strtod(text.c_str(), &stop);
            if (stop == text.c_str() || std::string(stop).find_first_not_of(" \t\r") != std::string::npos ||
                !std::isfinite(t))
                return ia::Error{
                    path, {}, "line " + std::to_string(line) + ": expected a time in seconds", ia::ErrorKind::Usage};
            if (times.size() == ia::kMaxGridTimes)
                return ia::Error{
                    path, {}, "more than " + std::to_string(ia::kMaxGridTimes) + " times", ia::ErrorKind::Refused};
            times.push_back(t);
        }
        p = eol + (eol < end), ++line;
    }
    return times;
}

}  // namespace

Verb addSample(CLI::App& app, const Globals&) {
    struct Options {
        InputOptions input;
        double rate = ia::kRateDefault;
        std::string format = "csv";
        std::string coordinates = "unity";
        std::vector<std::string> select;
        std::optional<double> start, end;
        std::string timesFile;
    };
    auto options = std::make_shared<Options>();
    CLI::App* sample =
        app.add_subcommand("sample", "evaluate poses and states per frame, as MRTK plays them (CSV or JSON)");
    addInputOptions(*sample, options->input);
    sample->add_option("--rate", options->rate, withDefault("frames per second", options->rate))
        ->check(finiteWithin(ia::kRateLeast, ia::kRateMost));
    sample->add_option("--format", options->format, "csv (default) or json")->check(CLI::IsMember({"csv", "json"}));
    sample->add_option("--coordinates", options->coordinates, "unity (default, the recording's space) or gltf")
        ->check(CLI::IsMember({"unity", "gltf"}));
    sample
        ->add_option("--select", options->select,
                     "sections and joints: camera, left, right, gaze, left.IndexTip, ... (any case; default all)")
        ->delimiter(',');
    sample->add_option("--start", options->start, "first time, seconds (default 0)")->check(kFinite);
    sample->add_option("--end", options->end, "last time, seconds (default: the recording's end)")->check(kFinite);
    sample->add_option("--times", options->timesFile, "a file of times to sample at instead (seconds, one per line)")
        ->excludes("--start")
        ->excludes("--end")
        ->excludes("--rate");
    sample->footer(
        "Rotations are normalised quaternions x, y, z, w; empty in CSV (null in JSON) where all four\n"
        "components play back as 0. Example: inputanim sample rec.bin --rate 60 --select left > left.csv");
    return {sample,
            [options] {
                const auto& o = *options;
                auto selection = ia::parseSelection(o.select);
                if (!selection) return fail(selection.error());
                auto recording = ia::loadFile(o.input.path, o.input.load);
                if (!recording) return fail(recording.error());
                const auto coordinates = o.coordinates == "gltf" ? ia::Coordinates::Gltf : ia::Coordinates::Unity;
                const double duration = ia::summarize(*recording).duration;
                auto times = o.timesFile.empty() ? ia::timeGrid(o.start.value_or(0), o.end.value_or(duration), o.rate)
                                                 : readTimes(o.timesFile);
                if (!times) return fail(times.error().from(o.input.path));
                const FrameWriter writer(*recording, *selection);
                if (auto s = ia::checkSampleSize(times->size(), writer.columns()); !s)
                    return fail(s.error().from(o.input.path));
                if (o.format == "csv") {
                    const auto header = writer.csvHeader();
                    for (std::size_t i = 0; i < header.size(); ++i) std::cout << (i ? "," : "") << header[i];
                    std::cout << "\n";
                    for (double t : *times)
                        std::cout << writer.csvRow(ia::sampleFrame(*recording, t, coordinates)) << "\n";
                    return int(kExitSuccess);
                }
                std::cout << "{\"schema\":\"inputanim.sample/1\",\"file\":" << dumped(Json(o.input.path), -1)
                          << ",\"coordinates\":\"" << o.coordinates << "\",\"rate\":" << o.rate
                          << ",\"duration\":" << Json(duration).dump() << ",\"frames\":[\n";
                for (std::size_t i = 0; i < times->size(); ++i)
                    std::cout << dumped(writer.frameJson(ia::sampleFrame(*recording, (*times)[i], coordinates)), -1)
                              << (i + 1 < times->size() ? ",\n" : "\n");
                std::cout << "]}\n";
                return int(kExitSuccess);
            },
            &options->input.path};
}

}  // namespace cli
