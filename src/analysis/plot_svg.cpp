#include "inputanim/analysis/plot.hpp"

#include "inputanim/analysis/time_grid.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "inputanim/core/math.hpp"
#include "inputanim/core/playback.hpp"
#include "inputanim/analysis/summary.hpp"

namespace inputanim {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// Layout in px.
constexpr double kLeft = 64, kRight = 96, kTop = 64, kBottom = 40, kPanelGap = 30, kLabelSpacing = 12;
// x, y, z in the usual axis colours (red, green, blue) so that lines read without a legend.
constexpr const char* kAxisColours[3] = {"#d62728", "#2ca02c", "#1f77b4"};
constexpr const char* kTrackedFill = "#dde8f3";
constexpr const char* kPinchingFill = "#f7b267";

struct Series {
    std::string label;
    const char* colour;
    std::vector<double> values;  // one per sample time; NaN breaks the line
};

struct Panel {
    std::string title;
    std::vector<Series> series;
    int hand = -1;  // 0 left, 1 right: shade its tracked and pinching intervals
};

std::string number(double value, int digits = 2) {
    char text[48];
    std::snprintf(text, sizeof text, "%.*f", digits, value);
    return text;
}

// Text from a file as XML character data: control characters (XML 1.0 has none but tab and newline), invalid
// UTF-8 and bidirectional controls written as printable() shows them, then the markup characters escaped.
std::string escapeXml(const std::string& raw) {
    const std::string text = printable(raw);
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default: out += c;
        }
    }
    return out;
}

// 1, 2 or 5 times a power of ten, at least range / ticks: at most `ticks` intervals. Ranges are kept away from
// zero and denormals first (range() pads them), so the tick loops below always end.
double niceStep(double range, double ticks = 4) {
    const double raw = std::max(range, 1e-9) / ticks, power = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0})
        if (raw <= m * power) return m * power;
    return 10 * power;
}

// Digits after the point that a step of this size needs.
int decimalsFor(double step) { return std::clamp(-int(std::floor(std::log10(step) + 1e-9)), 0, 9); }

// Heading (about +Y, 0 = +Z, positive towards +X) and elevation (positive up) of a Unity direction, degrees.
std::array<double, 2> headingElevation(std::array<double, 3> d) {
    const double length = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    if (length < 1e-9) return {kNaN, kNaN};
    return {degrees(std::atan2(d[0], d[2])), degrees(std::asin(std::clamp(d[1] / length, -1.0, 1.0)))};
}

std::array<double, 3> forwardOf(const PoseSample& pose) {  // the pose's +Z axis
    if (!pose.rotationDefined) return {0, 0, 0};
    const auto [x, y, z, w] = pose.rotation;
    return {2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)};
}

// Headings jump from 180 to -180 degrees; unwrapped, the line stays continuous.
void unwrapDegrees(std::vector<double>& values) {
    double offset = 0, previous = kNaN;
    for (double& v : values) {
        if (std::isnan(v)) continue;
        if (!std::isnan(previous)) offset += 360 * std::round((previous - (v + offset)) / 360);
        v += offset;
        previous = v;
    }
}

// Evaluates only the curves a panel shows, one sample time at a time (no frame of all 395 curves is kept).
class PanelBuilder {
public:
    PanelBuilder(const Recording& recording, const std::vector<double>& times) : recording_(recording), times_(times) {}

    // A hand's lines break where it is not tracked: MRTK shows nothing there, and the curves hold stale keys.
    Panel position(const std::string& title, std::size_t firstCurve, int hand) const {
        Panel panel{title + " position (m)", {}, hand};
        for (int c = 0; c < 3; ++c) panel.series.push_back({std::string(1, char('x' + c)), kAxisColours[c], {}});
        for (double t : times_) {
            const auto pose = samplePose(recording_, firstCurve, t, Coordinates::Unity);
            const bool shown = hand < 0 || tracked(hand, t);
            for (int c = 0; c < 3; ++c) panel.series[c].values.push_back(shown ? pose.position[c] : kNaN);
        }
        return panel;
    }

    Panel cameraDirection() const {
        return direction(
            "camera", [&](double t) { return forwardOf(samplePose(recording_, kCameraFirst, t, Coordinates::Unity)); });
    }

    Panel gazeDirection() const {
        return direction("gaze direction", [&](double t) {
            std::array<double, 3> d;
            for (int c = 0; c < 3; ++c) d[c] = evaluate(recording_.curves[gazeCurve(3 + c)], t);
            return d;
        });
    }

    Panel pinchDistance(int hand) const {
        const std::string side = hand == 0 ? "left" : "right";
        Panel panel{side + " thumb-index tip distance (mm)", {{"distance", "#e377c2", {}}}, hand};
        const Hand h = Hand(hand);
        for (double t : times_) {
            const auto a =
                samplePose(recording_, jointCurve(h, Joint::ThumbTip, kPositionX), t, Coordinates::Unity).position;
            const auto b =
                samplePose(recording_, jointCurve(h, Joint::IndexTip, kPositionX), t, Coordinates::Unity).position;
            panel.series[0].values.push_back(tracked(hand, t) ? 1000 * std::hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2])
                                                              : kNaN);
        }
        return panel;
    }

    bool tracked(int hand, double t) const {
        return booleanAt(recording_.curves[booleanCurve(trackedCurve(Hand(hand)))], t);
    }

private:
    template <class DirectionAt>
    Panel direction(const std::string& title, const DirectionAt& directionAt) const {
        Panel panel{
            title + " heading and elevation (degrees)", {{"heading", "#9467bd", {}}, {"elevation", "#8c564b", {}}}, -1};
        for (double t : times_) {
            const auto angles = headingElevation(directionAt(t));
            panel.series[0].values.push_back(angles[0]);
            panel.series[1].values.push_back(angles[1]);
        }
        unwrapDegrees(panel.series[0].values);
        return panel;
    }

    const Recording& recording_;
    const std::vector<double>& times_;
};

bool everTracked(const RecordingSummary& summary, Hand hand) {
    return !summary.booleanTrue[int(trackedCurve(hand))].empty();
}

Result<std::vector<Panel>> panelsFor(const Recording& recording, const RecordingSummary& summary,
                                     const std::vector<double>& times, Selection select) {
    const bool hands = recording.sectionPresent(Section::LeftHand);
    if (select.empty()) {  // every section there is; a hand that is never tracked would only draw flat lines
        select.camera = recording.sectionPresent(Section::Camera);
        for (Hand hand : kHands) select.hands[int(hand)] = hands && everTracked(summary, hand);
        select.gaze = recording.sectionPresent(Section::Gaze);
    }
    auto missing = [](const std::string& section) {
        return Error::usage("the recording has no " + section + " section to plot");
    };
    const PanelBuilder builder(recording, times);
    std::vector<Panel> panels;
    if (select.camera) {
        if (!recording.sectionPresent(Section::Camera)) return missing("camera");
        panels.push_back(builder.position("camera", kCameraFirst, -1));
        panels.push_back(builder.cameraDirection());
    }
    for (Hand hand : kHands) {
        if (!select.hands[int(hand)]) continue;
        if (!hands) return missing(std::string(handName(hand)));
        const std::string side(handName(hand));
        panels.push_back(builder.position(side + " Palm", jointCurve(hand, Joint::Palm, kPositionX), int(hand)));
        panels.push_back(builder.pinchDistance(int(hand)));
    }
    for (const auto& [hand, joint] : select.joints) {
        if (!hands) return missing(std::string(handName(hand)));
        panels.push_back(builder.position(std::string(handName(hand)) + " " + std::string(jointName(joint)),
                                          jointCurve(hand, joint, kPositionX), int(hand)));
    }
    if (select.gaze) {
        if (!recording.sectionPresent(Section::Gaze)) return missing("gaze");
        panels.push_back(builder.gazeDirection());
    }
    return panels;
}

class SvgWriter {
public:
    // The window [start, end] spans the plot's width; one of at least a millisecond, so that axes stay sane.
    SvgWriter(const PlotOptions& options, double start, double end, std::size_t panels)
        : options_(options),
          start_(start),
          duration_(std::max(end - start, 1e-3)),
          plotWidth_(options.width - kLeft - kRight),
          height_(kTop + double(panels) * (options.panelHeight + kPanelGap) - kPanelGap + kBottom) {
        svg_ += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + number(options.width, 0) + "\" height=\"" +
                number(height_, 0) + "\" viewBox=\"0 0 " + number(options.width, 0) + " " + number(height_, 0) +
                "\" font-family=\"sans-serif\" font-size=\"11\" data-start=\"" + number(start_, 6) +
                "\" data-duration=\"" + number(duration_, 6) + "\">\n";
        svg_ += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
        svg_ += "<text x=\"" + number(kLeft) + "\" y=\"20\" font-size=\"14\" font-weight=\"bold\">" +
                escapeXml(options.title) + "</text>\n";
    }

    double x(double time) const { return kLeft + (time - start_) / duration_ * plotWidth_; }
    bool inWindow(double time) const { return time >= start_ && time <= start_ + duration_; }
    // About one time tick per 90 px, so that labels never crowd.
    double timeStep() const { return niceStep(duration_, std::max(2.0, plotWidth_ / 90)); }
    double panelTop(std::size_t i) const { return kTop + double(i) * (options_.panelHeight + kPanelGap); }

    void panel(std::size_t index, const Panel& panel, const std::vector<double>& times,
               const RecordingSummary& summary) {
        const double top = panelTop(index), height = options_.panelHeight;
        const auto limits = range(panel);  // not a structured binding: clang 14 cannot capture those
        const double low = limits.first, high = limits.second;
        svg_ += "<g class=\"panel\" data-title=\"" + escapeXml(panel.title) + "\" data-left=\"" + number(kLeft) +
                "\" data-top=\"" + number(top) + "\" data-width=\"" + number(plotWidth_) + "\" data-height=\"" +
                number(height) + "\" data-ymin=\"" + number(low, 9) + "\" data-ymax=\"" + number(high, 9) + "\">\n";
        svg_ += "<text x=\"" + number(kLeft) + "\" y=\"" + number(top - 6) + "\" font-weight=\"bold\">" +
                escapeXml(panel.title) + "</text>\n";
        if (panel.hand >= 0) {
            bands(summary.booleanTrue[panel.hand], "tracked", kTrackedFill, 1.0, top, height);
            bands(summary.booleanTrue[2 + panel.hand], "pinching", kPinchingFill, 0.55, top, height);
        }
        auto y = [&](double v) { return top + height - (v - low) / (high - low) * height; };
        const double valueStep = niceStep(high - low);
        for (double v = std::ceil(low / valueStep) * valueStep; v <= high + valueStep * 1e-6; v += valueStep) {
            svg_ += "<line x1=\"" + number(kLeft) + "\" x2=\"" + number(kLeft + plotWidth_) + "\" y1=\"" +
                    number(y(v)) + "\" y2=\"" + number(y(v)) + "\" stroke=\"#e4e4e4\"/>\n";
            svg_ += "<text x=\"" + number(kLeft - 6) + "\" y=\"" + number(y(v) + 4) +
                    "\" text-anchor=\"end\" fill=\"#555\">" +
                    number(std::abs(v) < valueStep * 1e-6 ? 0 : v, decimalsFor(valueStep)) + "</text>\n";
        }
        const double step = timeStep();
        for (double t = std::ceil(start_ / step) * step; t <= start_ + duration_ + step * 1e-6; t += step)
            svg_ += "<line x1=\"" + number(x(t)) + "\" x2=\"" + number(x(t)) + "\" y1=\"" + number(top) + "\" y2=\"" +
                    number(top + height) + "\" stroke=\"#eeeeee\"/>\n";
        svg_ += "<rect x=\"" + number(kLeft) + "\" y=\"" + number(top) + "\" width=\"" + number(plotWidth_) +
                "\" height=\"" + number(height) + "\" fill=\"none\" stroke=\"#999\"/>\n";
        std::vector<std::pair<double, const Series*>> ends;  // where each line's label goes
        for (const auto& series : panel.series) {
            svg_ += "<path class=\"series\" data-label=\"" + escapeXml(series.label) + "\" fill=\"none\" stroke=\"" +
                    series.colour + "\" stroke-width=\"1.3\" d=\"" + pathData(times, series.values, y) + "\"/>\n";
            for (auto it = series.values.rbegin(); it != series.values.rend(); ++it)
                if (!std::isnan(*it)) {
                    ends.emplace_back(y(*it), &series);
                    break;
                }
        }
        endLabels(ends, top, height);
        svg_ += "</g>\n";
    }

    void markers(const std::vector<Marker>& markers, std::size_t panels) {
        const double top = panelTop(0), bottom = panelTop(panels - 1) + options_.panelHeight;
        double rowEnd[2] = {-1e9, -1e9};  // labels alternate between two rows when they would overlap
        for (const auto& marker : markers) {
            if (!inWindow(marker.time)) continue;
            const double mx = x(marker.time);
            const int row = mx > rowEnd[0] ? 0 : mx > rowEnd[1] ? 1 : 0;
            rowEnd[row] = mx + 7.0 * double(marker.name.size()) + 8;
            svg_ += "<g class=\"marker\" data-time=\"" + number(marker.time, 6) + "\"><line x1=\"" + number(mx) +
                    "\" x2=\"" + number(mx) + "\" y1=\"" + number(top - 30 + 12 * row) + "\" y2=\"" + number(bottom) +
                    "\" stroke=\"#444\" stroke-dasharray=\"4 3\"/>";
            svg_ += "<text x=\"" + number(mx + 3) + "\" y=\"" + number(top - 32 + 12 * row) + "\" fill=\"#222\">" +
                    escapeXml(marker.name) + "</text></g>\n";
        }
    }

    std::string finish(std::size_t panels) {
        const double axis = panelTop(panels - 1) + options_.panelHeight;
        const double step = timeStep();
        for (double t = std::ceil(start_ / step) * step; t <= start_ + duration_ + step * 1e-6; t += step) {
            svg_ += "<line x1=\"" + number(x(t)) + "\" x2=\"" + number(x(t)) + "\" y1=\"" + number(axis) + "\" y2=\"" +
                    number(axis + 5) + "\" stroke=\"#555\"/>";
            svg_ += "<text class=\"tick\" x=\"" + number(x(t)) + "\" y=\"" + number(axis + 17) +
                    "\" text-anchor=\"middle\" fill=\"#555\">" +
                    number(std::abs(t) < step * 1e-6 ? 0 : t, decimalsFor(step)) + "</text>\n";
        }
        svg_ += "<text x=\"" + number(kLeft + plotWidth_) + "\" y=\"" + number(axis + 32) +
                "\" text-anchor=\"end\" fill=\"#555\">time (s)</text>\n";
        svg_ += "</svg>\n";
        return std::move(svg_);
    }

private:
    static std::pair<double, double> range(const Panel& panel) {
        double low = INFINITY, high = -INFINITY;
        for (const auto& series : panel.series)
            for (double v : series.values)
                if (!std::isnan(v)) low = std::min(low, v), high = std::max(high, v);
        if (!(low <= high)) return {0, 1};
        if (high - low < 1e-9 * std::max(1.0, std::max(std::abs(low), std::abs(high)))) {  // flat (or denormal) data
            const double middle = 0.5 * (low + high), pad = std::max(1e-3, 0.05 * std::abs(middle));
            return {middle - pad, middle + pad};
        }
        const double pad = 0.05 * (high - low);
        return {low - pad, high + pad};
    }

    void bands(const std::vector<Interval>& intervals, const char* name, const char* fill, double opacity, double top,
               double height) {
        bool labelled = false;
        for (const auto& interval : intervals) {
            if (interval.end < start_ || interval.start > start_ + duration_) continue;
            const double x0 = x(std::max(interval.start, start_)), x1 = x(std::min(interval.end, start_ + duration_));
            svg_ += std::string("<rect class=\"band ") + name + "\" data-start=\"" + number(interval.start, 6) +
                    "\" data-end=\"" + number(interval.end, 6) + "\" x=\"" + number(x0) + "\" y=\"" + number(top) +
                    "\" width=\"" + number(x1 - x0) + "\" height=\"" + number(height) + "\" fill=\"" + fill +
                    "\" fill-opacity=\"" + number(opacity) + "\"/>\n";
            if (!labelled && x1 - x0 > 50) {  // name the first band wide enough to hold its name
                const double labelY = top + (std::string(name) == "tracked" ? 12 : 24);
                svg_ += "<text x=\"" + number(x0 + 3) + "\" y=\"" + number(labelY) +
                        "\" fill=\"#555\" font-style=\"italic\">" + name + "</text>\n";
                labelled = true;
            }
        }
    }

    // Thinned to the first, lowest, highest and last value of each pixel column, which keeps the envelope.
    template <class ToY>
    std::string pathData(const std::vector<double>& times, const std::vector<double>& values, const ToY& y) const {
        std::string d;
        bool penDown = false;
        auto point = [&](std::size_t i) {
            d += penDown ? 'L' : 'M';
            d += number(x(times[i]));
            d += ',';
            d += number(y(values[i]));
            penDown = true;
        };
        std::size_t i = 0;
        while (i < values.size()) {
            if (std::isnan(values[i])) {
                penDown = false;
                ++i;
                continue;
            }
            const double column = std::floor(x(times[i]));
            std::size_t end = i, low = i, high = i;
            while (end < values.size() && !std::isnan(values[end]) && std::floor(x(times[end])) == column) {
                if (values[end] < values[low]) low = end;
                if (values[end] > values[high]) high = end;
                ++end;
            }
            std::vector<std::size_t> keep{i, low, high, end - 1};
            std::sort(keep.begin(), keep.end());
            keep.erase(std::unique(keep.begin(), keep.end()), keep.end());
            for (std::size_t k : keep) point(k);
            i = end;
        }
        return d;
    }

    // Each line's name at its right end, in its colour, nudged apart so that labels never overlap.
    void endLabels(std::vector<std::pair<double, const Series*>>& ends, double top, double height) {
        std::sort(ends.begin(), ends.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        for (std::size_t i = 0; i < ends.size(); ++i) {
            ends[i].first = std::clamp(ends[i].first, top + 8, top + height);
            if (i > 0) ends[i].first = std::max(ends[i].first, ends[i - 1].first + kLabelSpacing);
        }
        for (const auto& [labelY, series] : ends)
            svg_ += "<text class=\"label\" x=\"" + number(kLeft + plotWidth_ + 6) + "\" y=\"" + number(labelY + 4) +
                    "\" fill=\"" + series->colour + "\">" + escapeXml(series->label) + "</text>\n";
    }

    const PlotOptions& options_;
    double start_, duration_, plotWidth_, height_;
    std::string svg_;
};

}  // namespace

Result<std::string> plotSvg(const Recording& recording, const PlotOptions& options) {
    if (!(options.width > kLeft + kRight + 10) || !(options.panelHeight >= 20))
        return Error::usage("plot needs a width above " + number(kLeft + kRight + 10, 0) +
                            " px and panels of 20 px or more");
    const RecordingSummary summary = summarize(recording);
    const double start = options.start.value_or(0), end = options.end.value_or(summary.duration);
    if (!std::isfinite(end - start) || !(end >= start)) {
        char text[120];
        std::snprintf(text, sizeof text, "the time window from %.6g s to %.6g s is not a finite interval", start, end);
        return Error::usage(text, Reason::WindowInvalid);
    }
    // Lines are thinned to the pixels' columns anyway: a long recording is sampled more coarsely than `rate`
    // rather than refused (a spike shorter than the coarser step may then be missed).
    constexpr double kMaxSamples = 200'000;
    const double rate = end > start ? std::min(options.rate, kMaxSamples / (end - start)) : options.rate;
    auto times = timeGrid(start, end, rate, true);
    if (!times) return times.error();
    auto panels = panelsFor(recording, summary, *times, options.select);
    if (!panels) return panels.error();
    if (panels->empty()) return Error::usage("the recording has no camera, tracked hand or gaze to plot");
    SvgWriter writer(options, start, end, panels->size());
    for (std::size_t i = 0; i < panels->size(); ++i) writer.panel(i, (*panels)[i], *times, summary);
    writer.markers(recording.markers, panels->size());
    return writer.finish(panels->size());
}

}  // namespace inputanim
