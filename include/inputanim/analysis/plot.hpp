// An SVG chart of a recording over time: stacked panels sharing one time axis, lines labelled where they
// end, tracked and pinching as shaded bands, markers as labelled vertical lines. Pure text output.
#pragma once

#include <optional>
#include <string>

#include "inputanim/analysis/selection.hpp"
#include "inputanim/analysis/time_grid.hpp"
#include "inputanim/core/error.hpp"
#include "inputanim/core/recording.hpp"

namespace inputanim {

struct PlotOptions {
    // Sections draw their panels (a hand: its palm position, its thumb-index tip distance and its tracked and
    // pinching bands); a joint draws its position. Empty: every section the recording has, but a hand that is
    // never tracked.
    Selection select;
    double rate = kRateDefault;  // samples per second, at most 200,000 in all (lines thinned to each pixel column's
                                 // extremes)
    double width = 1200;  // px
    double panelHeight = 150;  // px
    std::string title;  // shown above the panels
    std::optional<double> start, end;  // the time window, seconds (default: 0 to the recording's end)
};

// Fails on a selection the recording does not have, and on a window or rate that would need too many samples.
Result<std::string> plotSvg(const Recording& recording, const PlotOptions& options = {});

}  // namespace inputanim
