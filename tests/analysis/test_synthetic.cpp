#include <catch2/catch.hpp>
#include <cmath>

#include "support/fixtures.hpp"
#include "inputanim/analysis/check.hpp"
#include "inputanim/analysis/summary.hpp"
#include "inputanim/analysis/synthetic.hpp"

using namespace inputanim;

namespace {
double distance(const Recording& r, std::size_t a, std::size_t b, double t) {
    double d2 = 0;
    for (int c = 0; c < 3; ++c) d2 += std::pow(evaluate(r.curves[a + c], t) - evaluate(r.curves[b + c], t), 2);
    return std::sqrt(d2);
}
}  // namespace

TEST_CASE("generated recordings are deterministic, clean and realistic") {
    SyntheticOptions options;
    const Recording r = generateRecording(options).value();
    CHECK(fixtures::bytesOf(r) == fixtures::bytesOf(generateRecording(options).value()));
    options.seed = 2;
    CHECK(fixtures::bytesOf(r) != fixtures::bytesOf(generateRecording(options).value()));

    for (const Finding& f : checkRecording(r)) {
        INFO(f.code << " " << f.curve << ": " << f.message);
        CHECK(f.severity == Severity::Note);
    }
    const RecordingSummary summary = summarize(r);
    CHECK(summary.duration == Approx(6.0));
    CHECK(summary.booleanTrue[0].size() == 1);  // left tracked once
    CHECK(summary.booleanTrue[2].size() == 1);  // left pinches once
    CHECK(r.markers.size() == 4);
    CHECK(r.hasEyeGaze == 1);

    // Key reduction keeps far fewer keys than 27 joints x 7 curves x 361 frames per hand.
    const std::size_t frames = 361;
    CHECK(summary.sections[2].keys < frames * 189 / 3);
    CHECK(summary.sections[2].keys > 189 * 2);

    // Bones have plausible lengths: wrist to middle tip 15-22 cm; index tip to thumb tip closes when pinching.
    const double mid = 0.5 * (summary.booleanTrue[2][0].start + summary.booleanTrue[2][0].end);
    const double handLength = distance(r, jointCurve(Hand::Left, Joint::Wrist, 0), jointCurve(Hand::Left, Joint::MiddleTip, 0), 1.0);
    CHECK(handLength > 0.12);
    CHECK(handLength < 0.22);
    const double open = distance(r, jointCurve(Hand::Left, Joint::ThumbTip, 0), jointCurve(Hand::Left, Joint::IndexTip, 0), 1.0);
    const double pinched = distance(r, jointCurve(Hand::Left, Joint::ThumbTip, 0), jointCurve(Hand::Left, Joint::IndexTip, 0), mid);
    CHECK(pinched < open);
}

TEST_CASE("generated 1.0 and 1.1 full recordings use MRTK's linear key encoding") {
    for (Encoding encoding : {Encoding{0, Layout::Full}, Encoding{1, Layout::Full}}) {
        SyntheticOptions options;
        options.encoding = encoding;
        options.duration = 2;
        const Recording r = generateRecording(options).value();
        CHECK(r.hasEyeGaze == (encoding.minor == 1));
        auto compact = convertEncoding(r, {1, Layout::Compact});
        CHECK(compact.ok());
    }
}
