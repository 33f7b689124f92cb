// Evenly spaced times (timeGrid): worked by hand, and the rates every verb that samples takes, from the one range.
#include <catch2/catch.hpp>

#include <limits>

#include "inputanim/analysis/time_grid.hpp"

using namespace inputanim;

TEST_CASE("a time grid: start, start + 1/rate, ... up to the end, as Float32 times", "[time-grid]") {
    CHECK(timeGrid(1, 2, 4).value() == std::vector<double>{1, 1.25, 1.5, 1.75, 2});
    CHECK(timeGrid(0, 1, 3).value() == std::vector<double>{0, double(float(1.0 / 3)), double(float(2.0 / 3)), 1});
    CHECK(timeGrid(0, 0.5, 3, true).value() == std::vector<double>{0, double(float(1.0 / 3)), 0.5});
    CHECK(timeGrid(2, 2, 120).value() == std::vector<double>{2});
}

TEST_CASE("a time grid's rate lies in the one range the verbs and the loader take", "[time-grid]") {
    CHECK(kRateLeast == 0.001);
    CHECK(kRateMost == 100000);
    CHECK(timeGrid(0, 1000, kRateLeast).value() == std::vector<double>{0, 1000});
    CHECK(timeGrid(0, 0.00002, kRateMost).value().size() == 3);
    for (double rate : {0.0, -1.0, 0.0009, 100000.5, std::numeric_limits<double>::infinity(),
                        std::numeric_limits<double>::quiet_NaN()}) {
        CAPTURE(rate);
        auto grid = timeGrid(0, 1, rate);
        REQUIRE_FALSE(grid.ok());
        CHECK(grid.error().kind == ErrorKind::Usage);
        CHECK_THAT(grid.error().message, Catch::Contains("0.001 to 100000 samples per second"));
    }
    // A window that is not finite, or more times than the bound, are refused as before.
    CHECK(timeGrid(0, std::numeric_limits<double>::infinity(), 1).error().kind == ErrorKind::Refused);
    CHECK(timeGrid(0, 1e7, kRateMost).error().reason == Reason::GridTooLarge);
}
