// The worked examples of docs/format.md ("Playing a curve"), worked by hand from the formulas there (the weighted
// ones' u by bisection of X(u) = s in double precision, outside this code): the evaluator plays each as written.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "inputanim/core/curve.hpp"

using namespace inputanim;

namespace {

Curve curveOf(std::initializer_list<Key> keys, std::int32_t pre = kWrapClampForever,
              std::int32_t post = kWrapClampForever) {
    Curve curve;
    curve.preWrapMode = pre, curve.postWrapMode = post;
    for (const Key& key : keys) curve.keys.push_back(key);
    return curve;
}

constexpr float kInfinite = std::numeric_limits<float>::infinity();

}  // namespace

TEST_CASE("docs/format.md's worked examples play as the document says") {
    CHECK(evaluate(curveOf({{0, 1, 0, 0, 0, 0, 3}, {2, 3, 0, 0, 0, 0, 3}}), 0.5) == 1.5);
    CHECK(evaluate(curveOf({{0, 0, 0, 1, 0, 0, 0}, {2, 1, 0, 0, 0, 0, 0}}), 0.5) == Approx(0.4375).epsilon(1e-15));
    const Curve stepped = curveOf({{0, 5, 0, kInfinite, 0, 0, 0}, {1, 7, 0, 0, 0, 0, 0}});
    CHECK(evaluate(stepped, 0.999) == 5);
    CHECK(evaluate(stepped, 1) == 7);
    CHECK(evaluate(curveOf({{0, 0, 0, 0, 0, 0.8f, 2}, {1, 1, 0, 0, 0, 0, 0}}), 0.5) ==
          Approx(0.209426366312704).epsilon(1e-7));  // w1 is the Float32 of 0.8
    CHECK(evaluate(curveOf({{0, 0, 0, 2, 0, 0.8f, 2}, {1, 1, -1, 0, 0.1f, 0, 1}}), 0.25) ==
          Approx(0.473740254840135).epsilon(1e-7));
    CHECK(evaluate(curveOf({{0, 0, 0, 0, 0, 0, 3}, {1, 1, 0, 0, 0, 0, 3}}, 8, kWrapLoop), 2.25) == 0.25);
    CHECK(evaluate(curveOf({{0, 0, 0, 0, 0, 0, 3}, {1, 1, 0, 0, 0, 0, 3}}, 8, kWrapPingPong), 1.25) == 0.75);
    CHECK(evaluate(curveOf({{0, 0, 0, 0, 0, 0, 3}, {1, 1, 0, 0, 0, 0, 3}}), -1) == 0);
    CHECK(evaluate(curveOf({}), 3) == 0);
    CHECK(evaluate(curveOf({{4, 2.5f, 0, 0, 0, 0, 3}}), 9) == 2.5);
}
