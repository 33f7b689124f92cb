// diff: how far two recordings (any format) are apart as MRTK plays them; exit 5 beyond the tolerances.
#include <algorithm>
#include <cmath>
#include <iostream>

#include "inputanim/analysis/time_grid.hpp"
#include "inputanim/analysis/diff.hpp"
#include "inputanim/report.hpp"
#include "verbs.hpp"

namespace cli {
namespace {

struct DiffOptions {
    InputOptions a;
    std::string b;
    bool json = false;
    ia::DiffOptions diff;  // the library's defaults
};

// "1.000-2.000 s, 3.500 s" (at most `most`, then how many more).
std::string spansText(const std::vector<ia::DiffSpan>& spans, std::size_t most = 8) {
    std::string text;
    for (std::size_t i = 0; i < spans.size() && i < most; ++i)
        text += (i ? ", " : "") +
                (spans[i].start == spans[i].end ? fixed(spans[i].start)
                                                : fixed(spans[i].start) + "-" + fixed(spans[i].end)) +
                " s";
    if (spans.size() > most) text += " and " + std::to_string(spans.size() - most) + " more";
    return text;
}

void printReport(const ia::DiffOptions& o, const ia::DiffReport& report, bool within) {
    std::cout << "compared  " << fixed(report.start) << "-" << fixed(report.end) << " s at " << o.rate << " Hz";
    if (o.offset != 0)
        std::cout << ", B " << fixed(std::abs(o.offset)) << " s " << (o.offset > 0 ? "later" : "earlier");
    std::cout << "\n";
    std::cout << "position  max " << fixed(report.maxPosition * 1000, 4) << " mm (tolerance " << o.positionTolerance
              << " m)\n";
    std::cout << "rotation  max " << fixed(report.maxRotation, 4) << " degrees (tolerance " << o.rotationTolerance
              << " degrees)\n";
    std::cout << "switches  max shift " << fixed(report.maxSwitchShift * 1000, 2) << " ms (tolerance "
              << o.switchTolerance << " s)" << (report.switchCountsDiffer ? ", switch counts differ" : "") << "\n";
    if (!report.differs.empty()) {
        std::cout << "differs   " << spansText(report.differs) << "\n";
        const auto worst = std::max_element(report.differs.begin(), report.differs.end(),
                                            [](const auto& x, const auto& y) { return x.excess < y.excess; });
        std::cout << "worst     " << fixed(worst->worst) << " s, " << worst->pose << " (" << fixed(worst->excess, 1)
                  << " times the tolerance)\n";
    }
    for (const auto& name : report.onlyInA) std::cout << "only in A " << name << "\n";
    for (const auto& name : report.onlyInB) std::cout << "only in B " << name << "\n";
    auto worst = report.poses;
    std::sort(worst.begin(), worst.end(), [](const auto& x, const auto& y) { return x.maxPosition > y.maxPosition; });
    for (std::size_t i = 0; i < worst.size() && i < 5; ++i)
        std::cout << "  " << worst[i].name << ": max " << fixed(worst[i].maxPosition * 1000, 4) << " mm, "
                  << fixed(worst[i].maxRotation, 4) << " degrees"
                  << (worst[i].differs.empty() ? "" : ", differs " + spansText(worst[i].differs, 3)) << "\n";
    for (const auto& d : report.booleans)
        if (d.countsDiffer || d.maxShift > 0)
            std::cout << "  " << d.name << ": " << d.switchesA.size() << " vs " << d.switchesB.size()
                      << " switches, max shift " << fixed(d.maxShift * 1000, 2) << " ms\n";
    std::cout << (within ? "within tolerance\n" : "BEYOND tolerance\n");
}

}  // namespace

Verb addDiff(CLI::App& app, const Globals&) {
    auto options = std::make_shared<DiffOptions>();
    CLI::App* diff = app.add_subcommand("diff", "compare two recordings (binary or glTF) as MRTK plays them");
    diff->add_option("A", options->a.path, "first recording (the reference)")->required();
    diff->add_option("B", options->b, "second recording")->required();
    addInputOptions(*diff, options->a, nullptr);
    diff->add_flag("--json", options->json, "print JSON (schema inputanim.diff/1)");
    ia::DiffOptions& d = options->diff;
    diff->add_option("--rate", d.rate, withDefault("samples per second", d.rate))
        ->check(finiteWithin(ia::kRateLeast, ia::kRateMost));
    diff->add_option("--pos-tolerance", d.positionTolerance, withDefault("metres", d.positionTolerance))
        ->check(kPositive);
    diff->add_option("--rot-tolerance", d.rotationTolerance, withDefault("degrees", d.rotationTolerance))
        ->check(kPositive);
    diff->add_option("--start", d.start, "first time compared, seconds (default: where both recordings start)")
        ->check(kFinite);
    diff->add_option("--end", d.end, "last time compared, seconds (default: where the first of them ends)")
        ->check(kFinite);
    diff->add_option(
            "--offset", d.offset,
            withDefault("seconds: compare B at A's time plus this, for a B that started this much later", d.offset))
        ->check(kFinite);
    diff->add_option("--switch-tolerance", d.switchTolerance,
                     withDefault("seconds between Boolean switches", d.switchTolerance))
        ->check(kNonNegative);
    diff->footer(
        "Exit status 5 when beyond a tolerance, when switch counts differ, or when a section or joint has keys\n"
        "in one recording only. Joints are compared where both recordings track the hand. The input options\n"
        "apply to both files. Example: inputanim diff original.bin roundtrip.glb --json");
    return {diff,
            [options] {
                const auto& o = *options;
                ia::LoadOptions load = o.a.load;  // a glTF from another tool read as closely as it plays
                load.gltf.tolerances = ia::kCloseTolerances;
                auto a = ia::loadFile(o.a.path, load);
                if (!a) return fail(a.error());
                auto b = ia::loadFile(o.b, load);
                if (!b) return fail(b.error());
                auto report = ia::diffRecordings(*a, *b, o.diff);
                if (!report) return fail(report.error().from(o.a.path + " and " + o.b));
                const bool within = ia::withinTolerances(*report, o.diff);
                if (o.json) std::cout << dumped(ia::diffJson(*report, o.diff, o.a.path, o.b)) << "\n";
                else printReport(o.diff, *report, within);
                return int(within ? kExitSuccess : kExitCheckFailed);
            },
            &options->a.path};
}

}  // namespace cli
