#include "heap.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <new>
#include <utility>

#include "inputanim/io/file_io.hpp"
#include "inputanim/io/process.hpp"

namespace cli {
namespace {

constexpr std::size_t kKeepBelow = std::size_t(1) << 30;  // allocations and free heap top kept up to 1 GB
constexpr std::uintmax_t kSmallestReservation = 16u << 20;  // a small file's conversion touches 10-15 MB
constexpr std::uintmax_t kLargestReservation = 768u << 20;
constexpr std::uintmax_t kReservationPerInputByte = 5;
constexpr std::uintptr_t kHugePage = 2u << 20;

std::uintptr_t roundUpToHugePage(const void* p) {
    return (reinterpret_cast<std::uintptr_t>(p) + kHugePage - 1) & ~(kHugePage - 1);
}

// Kept for the process's life (never touched, so it costs no memory). Volatile: a store nobody reads would let
// the compiler drop the allocation.
void* volatile heapBeforeReservation = nullptr;

}  // namespace

void keepFreedMemory() { inputanim::keepFreedMemoryBelow(kKeepBelow); }

namespace {
void* unwindingReserve = nullptr;
void releaseAndThrow() {
    std::free(std::exchange(unwindingReserve, nullptr));
    std::set_new_handler(nullptr);
    throw std::bad_alloc();
}
}  // namespace

void keepMemoryForUnwinding() {
    unwindingReserve = std::malloc(32u << 20);
    if (unwindingReserve) std::set_new_handler(releaseAndThrow);
}

void reserveHeapFor(const std::string& inputPath) {
    std::error_code error;
    const std::uintmax_t size = std::filesystem::file_size(inputanim::nativePath(inputPath), error);
    if (error) return;
    // Below the mmap threshold the block comes from the heap, and freed it stays there as the heap's top.
    const std::size_t bytes = std::clamp(kReservationPerInputByte * size, kSmallestReservation, kLargestReservation);
    void* block = std::malloc(bytes);
    if (!block) return;
    // The heap's first huge page also holds what was allocated before, so it cannot be one: its rest would fault
    // in 4 KB pages, and a small conversion's first buffers (mesh, output) land there first: 150-400 faults,
    // depending on where the heap began. The reservation moves to the next boundary: the gap is allocated and
    // never touched.
    if (const std::size_t gap = roundUpToHugePage(block) - reinterpret_cast<std::uintptr_t>(block); gap > 4096) {
        std::free(block);
        heapBeforeReservation =
            std::malloc(gap - 32);  // malloc's headers: the next block then starts 16 bytes before the boundary
        block = std::malloc(bytes);
        if (!block) return;
    }
    const std::uintptr_t start = roundUpToHugePage(block);
    const std::uintptr_t end = (reinterpret_cast<std::uintptr_t>(block) + bytes) & ~(kHugePage - 1);
    if (end > start) inputanim::adviseHugePages(reinterpret_cast<void*>(start), end - start);
    std::free(block);
}

}  // namespace cli
