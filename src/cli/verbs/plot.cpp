// plot: an SVG chart of a recording over time, with tracked and pinching bands and markers.
#include <filesystem>
#include <iostream>

#include "inputanim/analysis/time_grid.hpp"
#include "inputanim/analysis/plot.hpp"
#include "inputanim/io/file_io.hpp"
#include "verbs.hpp"

namespace cli {

Verb addPlot(CLI::App& app, const Globals&) {
    struct Options {
        InputOptions input;
        std::string out;
        bool force = false;
        std::vector<std::string> select;
        ia::PlotOptions plot;
    };
    auto options = std::make_shared<Options>();
    auto& o = *options;
    CLI::App* plot = app.add_subcommand(
        "plot", "draw an SVG chart of a recording over time, with tracked/pinching bands and markers");
    addInputOptions(*plot, o.input);
    plot->add_option("-o,--output,--out", o.out, "the .svg file to write (- for standard output)")->required();
    plot->add_flag("-f,--force", o.force, "overwrite an existing file");
    plot->add_option(
            "--select", o.select,
            "sections and joints: camera, left, right, gaze, left.IndexTip, ... (any case; default: every section)")
        ->delimiter(',');
    plot->add_option("--rate", o.plot.rate, withDefault("samples per second", o.plot.rate))
        ->check(finiteWithin(ia::kRateLeast, ia::kRateMost));
    plot->add_option("--width", o.plot.width, withDefault("px", o.plot.width))->check(finiteWithin(400.0, 100000.0));
    plot->add_option("--title", o.plot.title, "heading (default: the file name)");
    plot->add_option("--start", o.plot.start, "first time, seconds (default 0)")->check(kFinite);
    plot->add_option("--end", o.plot.end, "last time, seconds (default: the recording's end)")->check(kFinite);
    plot->footer(
        "A hand shows its palm position, its thumb-index tip distance and its tracked (blue) and pinching\n"
        "(orange) bands; the camera its position, heading and elevation; gaze its heading and elevation.\n"
        "Lines are named where they end. Examples:\n  inputanim plot rec.bin -o rec.svg\n"
        "  inputanim plot rec.glb -o tips.svg --select left.IndexTip,right.IndexTip");
    return {
        plot,
        [options] {
            auto& o = *options;
            const bool toStdout = isStandardOutput(o.out);
            if (!toStdout) {
                const std::string extension = ia::lowercaseExtension(o.out);
                if (extension != ".svg")
                    return fail(
                        kExitInvalidInput,
                        o.out + ": plot writes SVG, so its output ends in .svg" +
                            (extension == ".png"
                                 ? " (for a PNG, open the SVG in a browser or run rsvg-convert chart.svg -o chart.png)"
                                 : std::string()) +
                            "; nothing written");
                if (auto s = ia::checkTarget(o.out, overwriteFor(o.force)); !s) return fail(s.error());
            }
            auto selection = ia::parseSelection(o.select);
            if (!selection) return fail(selection.error());
            o.plot.select = *selection;
            auto recording = ia::loadFile(o.input.path, o.input.load);
            if (!recording) return fail(recording.error());
            if (o.plot.title.empty()) o.plot.title = ia::utf8Path(ia::nativePath(o.input.path).filename());
            auto svg = ia::plotSvg(*recording, o.plot);
            if (!svg) return fail(svg.error().from(o.input.path));
            const std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(svg->data()), svg->size());
            if (toStdout) return writeStandardOutput(bytes, std::cerr);
            if (auto written = ia::writeFileAtomically(o.out, bytes, overwriteFor(o.force)); !written)
                return fail(written.error());
            return int(kExitSuccess);
        },
        &options->input.path};
}

}  // namespace cli
