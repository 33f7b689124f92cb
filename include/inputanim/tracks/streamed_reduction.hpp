// Key reduction fed one sample at a time (the generator, the foreign glTF importer), holding a window of samples
// rather than the whole motion. The keys are those reduceSamples keeps over all the samples: the same windows with
// their ends kept, and for Hermite keys the same slopes (from each sample's neighbours, one-sided at the ends).
#pragma once

#include <array>
#include <optional>

#include "inputanim/core/curve.hpp"
#include "inputanim/tracks/key_reduction.hpp"

namespace inputanim {

// Linear keys (MRTK's own), or Hermite keys with slopes for encodings that hold tangents (far fewer keys).
enum class KeyFit { Linear, Hermite };

class StreamedReduction {
public:
    // Keys go to curves[0 .. components - 1]; `tolerance` as reduceSamples takes it; `reduce` false keeps every sample.
    StreamedReduction(Curve* curves, int components, bool rotation, double tolerance, KeyFit fit = KeyFit::Linear,
                      bool reduce = true);

    // Times increase. A rotation takes the sign that keeps it in the hemisphere of the one before.
    void add(float time, std::array<double, 4> value);
    // Writes the keys of what is held; samples added after start a new, independent run.
    void finish();

private:
    void flush(bool last);

    Curve* curves_;
    int components_;
    bool rotation_;
    double tolerance_;
    KeyFit fit_;
    bool reduce_;
    SampledVector window_;  // a window's samples, then the next one (the window's last slope needs it)
    std::optional<std::pair<float, std::array<double, 4>>> before_;  // the sample before the window (its first slope)
};

}  // namespace inputanim
