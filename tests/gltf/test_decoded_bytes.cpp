// The bytes compressed views decode to, counted over the whole process: batch workers reading at once share one limit.
// Reservations only count (nothing is allocated here), so the limits below may be large.
#include <catch2/catch.hpp>
#include <atomic>
#include <chrono>
#include <thread>

#include "gltf/container/buffers.hpp"

using namespace inputanim;

TEST_CASE("a reservation counts for the process until it ends, and never beyond the limit") {
    const std::uint64_t before = DecodedBytes::heldByProcess(), limit = before + 1000;
    {
        DecodedBytes a;
        CHECK(a.reserve(600, limit));
        CHECK(DecodedBytes::heldByProcess() == before + 600);
        CHECK_FALSE(a.reserve(500, limit));  // this thread holds some: it cannot wait for itself
        DecodedBytes b;
        CHECK_FALSE(b.reserve(500, limit));  // nor wait for another of its own reservations
        CHECK(b.reserve(400, limit));
        DecodedBytes moved = std::move(b);
        CHECK(DecodedBytes::heldByProcess() == before + 1000);
    }
    CHECK(DecodedBytes::heldByProcess() == before);
    DecodedBytes huge;
    CHECK_FALSE(huge.reserve(1001, 1000));  // never fits: refused at once
}

TEST_CASE("a worker holding nothing waits until another worker's decoded bytes are given back") {
    const std::uint64_t limit = DecodedBytes::heldByProcess() + 1000;
    auto first = std::make_unique<DecodedBytes>();
    REQUIRE(first->reserve(700, limit));
    std::atomic<int> state{0};  // 1: the second worker reserved, 2: it was refused
    std::thread second([&] {
        DecodedBytes mine;
        state = mine.reserve(700, limit) ? 1 : 2;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    CHECK(state == 0);  // still waiting: 700 + 700 would exceed the limit
    first.reset();  // the first worker's document ends
    second.join();
    CHECK(state == 1);
}
