// Four floats or words at once: GCC's and Clang's vector types, which x86-64 runs in SSE2 registers and WebAssembly
// (built with SIMD128) in its vectors. INPUTANIM_LANES is 1 where they exist; elsewhere (MSVC) callers take their
// one-by-one path.
#pragma once

#include <cstdint>
#include <cstring>

#if defined(__GNUC__)
#define INPUTANIM_LANES 1

namespace inputanim {

using Floats4 = float __attribute__((vector_size(16)));
using Words4 = std::uint32_t __attribute__((vector_size(16)));
using Lanes4 = std::int32_t __attribute__((vector_size(16)));  // a comparison's result: -1 in each lane where true

// 16 bytes from anywhere (no alignment needed), as a vector, and back.
template <class Vector>
Vector loadLanes(const void* from) {
    Vector v;
    std::memcpy(&v, from, sizeof v);
    return v;
}
inline void storeLanes(void* to, const Floats4& v) { std::memcpy(to, &v, sizeof v); }

}  // namespace inputanim

#else
#define INPUTANIM_LANES 0
#endif

// A loop over every key, kept a function of its own rather than inlined into its caller: a WebAssembly engine runs
// a function's baseline code until it has run a while, then compiles it whole, optimised, for its next call, which
// takes a small function a few milliseconds and a large one (with every callee inlined) tens, longer than a first
// conversion lasts.
#if defined(__GNUC__)
#define INPUTANIM_OWN_FUNCTION __attribute__((noinline))
#elif defined(_MSC_VER)
#define INPUTANIM_OWN_FUNCTION __declspec(noinline)
#else
#define INPUTANIM_OWN_FUNCTION
#endif
