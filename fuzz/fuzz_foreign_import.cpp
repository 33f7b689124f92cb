// libFuzzer target: a glTF from another tool (no extras.inputanim) is imported within a budget that grows with its
// size: at most 64 MB plus 512 bytes per input byte allocated at once, and 3 s plus 50 us per input byte of the
// process's processor time (sanitizers included; not wall time, which counts the work CI runs beside it). Sampling and
// fitting work that grows faster than the file (docs/cli.md, "Limits") aborts the run.
#include <sanitizer/allocator_interface.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "inputanim/gltf/import.hpp"

namespace {
std::atomic<long long> allocated{0}, peak{0};  // bytes allocated now and at most, as the sanitizer's hooks see them

void onMalloc(const volatile void*, std::size_t size) {
    const long long now = allocated += (long long)size;
    for (long long was = peak; now > was && !peak.compare_exchange_weak(was, now);) {}
}
void onFree(const volatile void* block) {
    allocated -= (long long)__sanitizer_get_allocated_size(const_cast<const void*>(block));
}
const int installed = __sanitizer_install_malloc_and_free_hooks(onMalloc, onFree);
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    (void)installed;
    const long long before = allocated;
    peak = before;
    const std::clock_t start = std::clock();
    (void)inputanim::importGltf({data, size}, "/nonexistent-inputanim-fuzz/rig.glb");
    const double seconds = double(std::clock() - start) / CLOCKS_PER_SEC;
    const double memoryBudget = 64e6 + 512.0 * double(size), timeBudget = 3 + 50e-6 * double(size);
    if (double(peak - before) > memoryBudget || seconds > timeBudget) {
        std::fprintf(stderr,
                     "over budget: %lld bytes at once (budget %.0f), %.2f s (budget %.2f) for %zu input bytes\n",
                     peak - before, memoryBudget, seconds, timeBudget, size);
        std::abort();
    }
    return 0;
}
