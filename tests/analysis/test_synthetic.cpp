#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <vector>

#include "support/fixtures.hpp"
#include "inputanim/analysis/check.hpp"
#include "inputanim/core/hand_model.hpp"
#include "inputanim/core/playback.hpp"
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
    const double handLength =
        distance(r, jointCurve(Hand::Left, Joint::Wrist, 0), jointCurve(Hand::Left, Joint::MiddleTip, 0), 1.0);
    CHECK(handLength > 0.12);
    CHECK(handLength < 0.22);
    const double open =
        distance(r, jointCurve(Hand::Left, Joint::ThumbTip, 0), jointCurve(Hand::Left, Joint::IndexTip, 0), 1.0);
    const double pinched =
        distance(r, jointCurve(Hand::Left, Joint::ThumbTip, 0), jointCurve(Hand::Left, Joint::IndexTip, 0), mid);
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

namespace {
using V = std::array<double, 3>;
V minus(const V& a, const V& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
double dotV(const V& a, const V& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
V crossV(const V& a, const V& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
double lengthV(const V& a) { return std::sqrt(dotV(a, a)); }

// Which hand these joints make, from their positions only: with `across` from the little finger's knuckle to the
// index's, `along` from the wrist to the middle knuckle and `palmward` the way the middle finger curls, a left
// hand gives (across x along) . palmward > 0 in Unity's coordinates, a right hand < 0.
double chirality(const FrameSample& f, Hand hand) {
    const auto& j = f.joints[int(hand)];
    auto at = [&](Joint joint) { return j[indexOf(joint)].position; };
    const V across = minus(at(Joint::IndexKnuckle), at(Joint::PinkyKnuckle)),
            along = minus(at(Joint::MiddleKnuckle), at(Joint::Wrist));
    V curl = minus(at(Joint::MiddleTip), at(Joint::MiddleKnuckle));
    const double a = dotV(curl, along) / dotV(along, along);
    const V palmward = {curl[0] - a * along[0], curl[1] - a * along[1], curl[2] - a * along[2]};
    return dotV(crossV(across, along), palmward);
}
}  // namespace

TEST_CASE("generated hands look like real ones: sides, MRTK's joint axes, a pinch that closes") {
    SyntheticOptions options;
    options.reduceKeys = false;  // the hand model's own poses, every frame
    const Recording r = generateRecording(options).value();
    const RecordingSummary summary = summarize(r);
    std::size_t frames = 0, pinchFrames = 0;
    double worstAxis = 0, worstPinch = 0;
    for (double t = 0; t <= summary.duration; t += 1.0 / 30) {
        const FrameSample f = sampleFrame(r, t, Coordinates::Unity);
        for (Hand hand : kHands) {
            if (!f.tracked[int(hand)]) continue;
            ++frames;
            INFO(handName(hand) << " hand at " << t << " s");
            // A left hand is a left hand.
            CHECK((hand == Hand::Left ? chirality(f, hand) > 0 : chirality(f, hand) < 0));
            // Each joint's +Z runs along its bone to the next joint, as in MRTK's recordings.
            const auto& joints = f.joints[int(hand)];
            for (Joint joint : kJoints) {
                const auto next = nextJoint(joint);
                if (!next || joint == Joint::Palm) continue;  // the Palm points from the wrist, as the Wrist does
                const V bone = minus(joints[indexOf(*next)].position, joints[indexOf(joint)].position);
                const V z = rotate(joints[indexOf(joint)].rotation, {0, 0, 1});
                worstAxis = std::max(worstAxis, degrees(std::acos(std::min(1.0, dotV(z, bone) / lengthV(bone)))));
            }
            // While MRTK would report a pinch, thumb and index tips touch.
            if (f.pinching[int(hand)]) {
                ++pinchFrames;
                worstPinch = std::max(worstPinch, lengthV(minus(joints[indexOf(Joint::ThumbTip)].position,
                                                                joints[indexOf(Joint::IndexTip)].position)));
            }
            // A hand of human size: wrist to middle fingertip 16 to 22 cm.
            const double handLength =
                lengthV(minus(joints[indexOf(Joint::Wrist)].position, joints[indexOf(Joint::MiddleKnuckle)].position)) +
                lengthV(
                    minus(joints[indexOf(Joint::MiddleKnuckle)].position, joints[indexOf(Joint::MiddleTip)].position));
            CHECK(handLength > 0.16);
            CHECK(handLength < 0.22);
        }
    }
    CHECK(frames > 250);
    CHECK(pinchFrames > 50);
    CHECK(worstAxis < 0.1);
    CHECK(worstPinch < 0.015);
}

TEST_CASE("key reduction keeps the joint axes close to the bones, as in MRTK's own recordings") {
    const Recording r = generateRecording({}).value();
    std::vector<double> angles;
    for (double t = 0; t <= timeRange(r).end; t += 1.0 / 30) {
        const FrameSample f = sampleFrame(r, t, Coordinates::Unity);
        for (Hand hand : kHands) {
            if (!f.tracked[int(hand)]) continue;
            const auto& joints = f.joints[int(hand)];
            for (Joint joint : kJoints)
                if (const auto next = nextJoint(joint); next && joint != Joint::Palm) {
                    const V bone = minus(joints[indexOf(*next)].position, joints[indexOf(joint)].position);
                    const V z = rotate(joints[indexOf(joint)].rotation, {0, 0, 1});
                    angles.push_back(degrees(std::acos(std::min(1.0, dotV(z, bone) / lengthV(bone)))));
                }
        }
    }
    std::sort(angles.begin(), angles.end());
    CHECK(angles[angles.size() / 2] < 0.5);  // positions are kept within 1.5 mm, rotations within 0.1 degrees
    CHECK(angles[angles.size() * 95 / 100] < 3.0);
}
