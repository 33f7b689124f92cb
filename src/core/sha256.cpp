#include "inputanim/core/sha256.hpp"

#include <algorithm>
#include <cstring>

#include "inputanim/core/aside.hpp"
#include "inputanim/core/lanes.hpp"

// x86-64's SHA extensions, chosen when the processor has them, with GCC's or Clang's intrinsics; elsewhere (other
// processors, MSVC, WebAssembly) the portable code alone.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define INPUTANIM_SHA_EXTENSIONS 1
#include <cpuid.h>
#include <immintrin.h>
#else
#define INPUTANIM_SHA_EXTENSIONS 0
#endif

namespace inputanim {
namespace {

constexpr std::array<std::uint32_t, 64> kRound{
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

constexpr std::uint32_t rotr(std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

INPUTANIM_OWN_FUNCTION void portableBlocks(std::array<std::uint32_t, 8>& state, const std::uint8_t* data,
                                           std::size_t count) {
    for (; count; --count, data += 64) {
        std::array<std::uint32_t, 64> w;
        for (int i = 0; i < 16; ++i)
            w[i] = std::uint32_t(data[4 * i]) << 24 | std::uint32_t(data[4 * i + 1]) << 16 |
                   std::uint32_t(data[4 * i + 2]) << 8 | data[4 * i + 3];
        for (int i = 16; i < 64; ++i) {
            const std::uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
            const std::uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16] + s0 + w[i - 7] + s1;
        }
        auto [a, b, c, d, e, f, g, h] = state;
        for (int i = 0; i < 64; ++i) {
            const std::uint32_t t1 =
                h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + kRound[i] + w[i];
            const std::uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
            h = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
        }
        const std::array<std::uint32_t, 8> add{a, b, c, d, e, f, g, h};
        for (int i = 0; i < 8; ++i) state[i] += add[i];
    }
}

#if INPUTANIM_SHA_EXTENSIONS
// The same with the SHA extensions (Intel's SHA-NI: two rounds an instruction). The state is held as the
// instructions take it: ABEF and CDGH; each 16-byte group of the message schedule is computed from the four before.
__attribute__((target("sha,ssse3,sse4.1"))) void extensionBlocks(std::array<std::uint32_t, 8>& state,
                                                                 const std::uint8_t* data, std::size_t count) {
    const __m128i bigEndian = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    const __m128i dcba = _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(&state[0])), 0xB1);
    __m128i cdgh = _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(&state[4])), 0x1B);
    __m128i abef = _mm_alignr_epi8(dcba, cdgh, 8);
    cdgh = _mm_blend_epi16(cdgh, dcba, 0xF0);
    for (; count; --count, data += 64) {
        const __m128i abefBefore = abef, cdghBefore = cdgh;
        __m128i w[4];
        for (int i = 0; i < 4; ++i)
            w[i] = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(data + 16 * i)), bigEndian);
#pragma GCC unroll 16
        for (int i = 0; i < 16; ++i) {
            const __m128i words =
                _mm_add_epi32(w[i & 3], _mm_loadu_si128(reinterpret_cast<const __m128i*>(&kRound[4 * i])));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, words);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(words, 0x0E));
            if (i < 12) {
                const __m128i& next = w[(i + 1) & 3];
                const __m128i& third = w[(i + 2) & 3];
                const __m128i& last = w[(i + 3) & 3];
                const __m128i sum =
                    _mm_add_epi32(_mm_sha256msg1_epu32(w[i & 3], next), _mm_alignr_epi8(last, third, 4));
                w[i & 3] = _mm_sha256msg2_epu32(sum, last);
            }
        }
        abef = _mm_add_epi32(abef, abefBefore);
        cdgh = _mm_add_epi32(cdgh, cdghBefore);
    }
    const __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    const __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(&state[0]), _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(&state[4]), _mm_alignr_epi8(dchg, feba, 8));
}
#endif

}  // namespace

bool Sha256::available(Engine engine) {
#if INPUTANIM_SHA_EXTENSIONS
    // CPUID: leaf 1's ECX has SSSE3 (bit 9) and SSE4.1 (bit 19), leaf 7's EBX the SHA extensions (bit 29).
    static const bool extensions = [] {
        unsigned a = 0, b = 0, c = 0, d = 0;
        if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 9)) || !(c & (1u << 19))) return false;
        return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & (1u << 29));
    }();
    if (engine == Engine::ShaExtensions) return extensions;
#endif
    return engine == Engine::Portable;
}

Sha256::Sha256() : Sha256(available(Engine::ShaExtensions) ? Engine::ShaExtensions : Engine::Portable) {}

Sha256::Sha256(Engine engine)
    : engine_(available(engine) ? engine : Engine::Portable), state_{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                                                     0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19} {}

void Sha256::blocks(const std::uint8_t* data, std::size_t count) {
#if INPUTANIM_SHA_EXTENSIONS
    if (engine_ == Engine::ShaExtensions) return extensionBlocks(state_, data, count);
#endif
    portableBlocks(state_, data, count);
}

void Sha256::update(std::span<const std::uint8_t> bytes) {
    if (bytes.empty()) return;  // its data() may be null, which memcpy may not be given
    totalBytes_ += bytes.size();
    std::size_t at = 0;
    if (pendingBytes_) {
        const std::size_t take = std::min(bytes.size(), 64 - pendingBytes_);
        std::memcpy(pending_.data() + pendingBytes_, bytes.data(), take);
        pendingBytes_ += take, at = take;
        if (pendingBytes_ < 64) return;
        blocks(pending_.data(), 1);
        pendingBytes_ = 0;
    }
    // At most kBlocksPerCall blocks a call: a WebAssembly engine optimises a function for its next call once it has
    // run a while, so that most of a large input is hashed by optimised code rather than baseline code.
    constexpr std::size_t kBlocksPerCall = 256;
    for (std::size_t whole = (bytes.size() - at) / 64; whole > 0;) {
        const std::size_t run = std::min(whole, kBlocksPerCall);
        blocks(bytes.data() + at, run);
        at += run * 64, whole -= run;
    }
    std::memcpy(pending_.data(), bytes.data() + at, bytes.size() - at);
    pendingBytes_ = bytes.size() - at;
}

std::array<std::uint8_t, 32> Sha256::finish() {
    const std::uint64_t bits = totalBytes_ * 8;
    std::array<std::uint8_t, 72> padding{0x80};  // 0x80, zeros to 56 mod 64, the length in bits (big-endian)
    const std::size_t zeros = (pendingBytes_ < 56 ? 56 : 120) - pendingBytes_;
    for (int i = 0; i < 8; ++i) padding[zeros + i] = std::uint8_t(bits >> (56 - 8 * i));
    update(std::span<const std::uint8_t>(padding.data(), zeros + 8));
    std::array<std::uint8_t, 32> digest;
    for (int i = 0; i < 32; ++i) digest[i] = std::uint8_t(state_[i / 4] >> (24 - 8 * (i % 4)));
    return digest;
}

std::string hexDigest(const std::array<std::uint8_t, 32>& digest) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string text;
    for (std::uint8_t b : digest) text += kHex[b >> 4], text += kHex[b & 15];
    return text;
}

std::string sha256Hex(std::span<const std::uint8_t> bytes) {
    Sha256 hash;
    hash.update(bytes);
    return hexDigest(hash.finish());
}

std::shared_future<std::string> sha256HexLater(std::span<const std::uint8_t> bytes, HashWhen when,
                                               std::shared_ptr<const void> owner) {
    auto hash = [bytes, owner = std::move(owner)] { return sha256Hex(bytes); };
    if (when == HashWhen::Aside && bytes.size() < kHashAsideLeast) {
        std::promise<std::string> now;
        now.set_value(hash());
        return now.get_future().share();
    }
    if (when == HashWhen::Aside)
        if (auto aside = startAside(hash)) return aside->share();
    return std::async(std::launch::deferred, std::move(hash)).share();
}

}  // namespace inputanim
