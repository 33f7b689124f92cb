#include "inputanim/tracks/streamed_reduction.hpp"

namespace inputanim {

StreamedReduction::StreamedReduction(Curve* curves, int components, bool rotation, double tolerance, KeyFit fit,
                                     bool reduce)
    : curves_(curves),
      components_(components),
      rotation_(rotation),
      tolerance_(tolerance),
      fit_(fit),
      reduce_(reduce) {}

void StreamedReduction::add(float time, std::array<double, 4> value) {
    if (rotation_ && !window_.values.empty() && dot(window_.values.back(), value) < 0)
        for (double& c : value) c = -c;
    window_.times.push_back(time);
    window_.values.push_back(value);
    if (window_.times.size() == kReductionWindow + 2) flush(false);
}

void StreamedReduction::finish() { flush(true); }

void StreamedReduction::flush(bool last) {
    const std::size_t held = window_.times.size();
    if (held == 0) return;
    // The window: every sample held at the end, else all but the one after it.
    const std::size_t n = last ? held : held - 1;
    std::vector<std::array<double, 4>> slopes;
    if (fit_ == KeyFit::Hermite) {
        slopes.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            const bool hasBefore = i > 0 || before_;
            const float ta = i > 0 ? window_.times[i - 1] : hasBefore ? before_->first : window_.times[i];
            const auto& va = i > 0 ? window_.values[i - 1] : hasBefore ? before_->second : window_.values[i];
            const std::size_t b = i + 1 < held ? i + 1 : i;
            for (int c = 0; c < 4; ++c)
                slopes[i][c] =
                    window_.times[b] == ta ? 0 : (window_.values[b][c] - va[c]) / (double(window_.times[b]) - ta);
        }
    }
    std::vector<std::size_t> kept;
    if (reduce_) {
        SampledVector window{{window_.times.begin(), window_.times.begin() + std::ptrdiff_t(n)},
                             {window_.values.begin(), window_.values.begin() + std::ptrdiff_t(n)}};
        kept = reduceSamples(window, components_, rotation_, tolerance_, fit_ == KeyFit::Hermite ? &slopes : nullptr);
    } else {
        for (std::size_t i = 0; i < n; ++i) kept.push_back(i);
    }
    // The window's last sample starts the next window: it is written then (or now, at the end).
    for (std::size_t i : kept) {
        if (!last && i + 1 == n) continue;
        for (int c = 0; c < components_; ++c) {
            const float value = float(window_.values[i][c]);
            if (fit_ == KeyFit::Linear) {
                curves_[c].keys.push_back(Key{window_.times[i], value});
            } else {
                const float slope = float(slopes[i][c]);
                curves_[c].keys.push_back(
                    Key{window_.times[i], value, slope, slope, 1.0f / 3, 1.0f / 3, kWeightedNone});
            }
        }
    }
    if (last) {
        window_ = {};
        before_.reset();
        return;
    }
    before_ = {window_.times[n - 2], window_.values[n - 2]};
    window_.times.erase(window_.times.begin(), window_.times.begin() + std::ptrdiff_t(n - 1));
    window_.values.erase(window_.values.begin(), window_.values.begin() + std::ptrdiff_t(n - 1));
}

}  // namespace inputanim
