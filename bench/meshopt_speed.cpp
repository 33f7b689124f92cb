// The library's EXT_meshopt_compression codec against meshoptimizer's (Debian's, with its SIMD decoders) on the views
// of one recording's export: encode and decode, milliseconds per run (the best of 5) and MB/s of decoded bytes.
// Usage: meshopt_speed RECORDING.bin
#include <meshoptimizer.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <vector>

#include "gltf/container/meshopt_codec.hpp"
#include "inputanim/load.hpp"
#include "inputanim/gltf/export.hpp"

using namespace inputanim;

namespace {

double bestMilliseconds(const std::function<void()>& run) {
    double best = 1e300;
    for (int i = 0; i < 5; ++i) {
        const auto start = std::chrono::steady_clock::now();
        run();
        best =
            std::min(best, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    return best;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) return std::fprintf(stderr, "usage: meshopt_speed RECORDING.bin\n"), 2;
    auto loaded = loadFile(argv[1]);
    if (!loaded) return std::fprintf(stderr, "%s\n", loaded.error().describe().c_str()), 1;
    auto glb = exportGlbBytes(*loaded, ExportOptions{});
    if (!glb) return std::fprintf(stderr, "%s\n", glb.error().describe().c_str()), 1;
    // The export's float data as 12-byte elements (its positions; times and rotations compress alike).
    const std::size_t stride = 12, count = glb->bin.size() / stride;
    const std::span<const std::uint8_t> data(glb->bin.data(), count * stride);
    ByteBuffer ours;
    std::vector<std::uint8_t> theirs(meshopt_encodeVertexBufferBound(count, stride)), out(data.size());
    const double encodeOurs = bestMilliseconds([&] {
        ours.clear();
        meshopt::encodeAttributes(ours, data, count, stride);
    });
    std::size_t theirSize = 0;
    const double encodeTheirs = bestMilliseconds(
        [&] { theirSize = meshopt_encodeVertexBuffer(theirs.data(), theirs.size(), data.data(), count, stride); });
    const double decodeOurs = bestMilliseconds([&] { meshopt::decodeAttributes(out, count, stride, ours); });
    const double decodeTheirs =
        bestMilliseconds([&] { meshopt_decodeVertexBuffer(out.data(), count, stride, theirs.data(), theirSize); });
    const double mb = double(data.size()) / 1e6;
    std::printf("| %.1f MB | %zu bytes | %.1f (%.0f MB/s) | %.1f (%.0f MB/s) | %.1f (%.0f MB/s) | %.1f (%.0f MB/s) |\n",
                mb, ours.size(), encodeOurs, mb / encodeOurs * 1e3, encodeTheirs, mb / encodeTheirs * 1e3, decodeOurs,
                mb / decodeOurs * 1e3, decodeTheirs, mb / decodeTheirs * 1e3);
    return ours.size() == theirSize ? 0 : 1;
}
