// An SVG chart of a recording over time: stacked panels sharing one time axis, lines labelled where they
// end, tracked and pinching as shaded bands, markers as labelled vertical lines. Pure text output.
#pragma once

#include <string>
#include <vector>

#include "inputanim/error.hpp"
#include "inputanim/recording.hpp"

namespace inputanim {

struct PlotOptions {
    // "camera", "left", "right", "gaze", or one joint as "left.IndexTip"; empty = every present section.
    // A hand shows its palm position, its thumb-index tip distance and its tracked/pinching bands.
    std::vector<std::string> select;
    double rate = 120;        // samples per second (lines are thinned to two points per pixel column)
    double width = 1200;      // px
    double panelHeight = 150; // px
    std::string title;        // shown above the panels
};

// Fails on an unknown selection or one the recording does not have.
Result<std::string> plotSvg(const Recording& recording, const PlotOptions& options = {});

}  // namespace inputanim
