// A hand's skeleton built ahead on another thread (internal to the glTF layer) is the one built in turn from the
// budget left then: the same locals and errors, the same knots spent, whether or not the budget binds.
#include <catch2/catch.hpp>

#include "gltf/profile/hand_hierarchy.hpp"
#include "inputanim/analysis/synthetic.hpp"

using namespace inputanim;

namespace {

Recording gesture() {
    SyntheticOptions options;
    options.duration = 3;
    return generateRecording(options).value();
}

TrackOptions linearOnly(const Recording& recording) {
    TrackOptions options;
    options.linearOnly = true;
    options.duration = playbackDuration(recording);
    return options;
}

void checkSame(const Result<HandHierarchy>& ahead, const Result<HandHierarchy>& inTurn) {
    REQUIRE(bool(ahead) == bool(inTurn));
    if (!inTurn) {
        CHECK(ahead.error().reason == inTurn.error().reason);
        CHECK(ahead.error().message == inTurn.error().message);
        return;
    }
    CHECK(ahead->locals.times == inTurn->locals.times);
    CHECK(ahead->locals.translation == inTurn->locals.translation);
    CHECK(ahead->locals.rotation == inTurn->locals.rotation);
    CHECK(ahead->maxPositionError == inTurn->maxPositionError);
    CHECK(ahead->maxRotationError == inTurn->maxRotationError);
}

}  // namespace

TEST_CASE("a skeleton built ahead is the one built in turn, and spends the same knots") {
    const Recording recording = gesture();
    const TrackOptions options = linearOnly(recording);
    KnotBudget budget(recording), inTurnBudget(recording);
    HandHierarchyAhead ahead(recording, Hand::Right, options, budget);
    budget.spend(1000);  // the left hand's, meanwhile
    inTurnBudget.spend(1000);
    const auto inTurn = buildHandHierarchy(recording, Hand::Right, options, inTurnBudget);
    REQUIRE(inTurn);
    REQUIRE(inTurn->locals.times[indexOf(Joint::Wrist)].size() > 100);
    checkSame(ahead.take(budget), inTurn);
    CHECK(budget.left() == inTurnBudget.left());
}

TEST_CASE("a skeleton built ahead from a budget spent meanwhile is built again from what is left") {
    const Recording recording = gesture();
    const TrackOptions options = linearOnly(recording);
    KnotBudget probe(recording);
    const std::size_t full = probe.left();
    REQUIRE(buildHandHierarchy(recording, Hand::Right, options, probe));
    const std::size_t needed = full - probe.left();
    // Left with fewer knots than the build spends: built again from what is left, refused where that is.
    int refused = 0;
    for (std::size_t short_ : {std::size_t(1), needed / 2, needed - 1}) {
        INFO("short of " << short_ << " knots");
        KnotBudget budget(recording), inTurnBudget(recording);
        HandHierarchyAhead ahead(recording, Hand::Right, options, budget);
        budget.spend(full - needed + short_);
        inTurnBudget.spend(full - needed + short_);
        const auto inTurn = buildHandHierarchy(recording, Hand::Right, options, inTurnBudget);
        refused += !inTurn;
        checkSame(ahead.take(budget), inTurn);
        CHECK(budget.left() == inTurnBudget.left());
    }
    CHECK(refused == 2);
}
