"""Playing a rebuilt recording as docs/format.md ("Playing a curve", "What the values mean") says MRTK does."""

import bisect
import math


_times = {}


def key_times(keys):
    """The keys' times, kept per list of keys (curves are searched many times)."""
    if id(keys) not in _times:
        _times[id(keys)] = (keys, [key[0] for key in keys])
    return _times[id(keys)][1]


def wrap(t, first, last, mode):
    span = last - first
    if span <= 0:
        return t
    if mode == 2:  # Loop
        return first + math.fmod(math.fmod(t - first, span) + span, span)
    if mode == 4:  # PingPong
        m = math.fmod(math.fmod(t - first, 2 * span) + 2 * span, 2 * span)
        return first + span - abs(m - span)
    return t


def bezier_u(s, w1, w2):
    """The smallest u in [0, 1] with X(u) = s, X(u) = 3 w1 u (1-u)^2 + 3 (1-w2) u^2 (1-u) + u^3."""

    def x(u):
        return 3 * w1 * u * (1 - u) ** 2 + 3 * (1 - w2) * u * u * (1 - u) + u**3

    # X'(u) = a u^2 + b u + c; split [0, 1] where it is zero and take the first piece that brackets s.
    a, b, c = 9 * w1 - 9 * (1 - w2) + 3, -12 * w1 + 6 * (1 - w2), 3 * w1
    cuts = [0.0, 1.0]
    if abs(a) > 1e-15:
        d = b * b - 4 * a * c
        if d >= 0:
            cuts += [r for r in ((-b - math.sqrt(d)) / (2 * a), (-b + math.sqrt(d)) / (2 * a)) if 0 < r < 1]
    elif abs(b) > 1e-15 and 0 < -c / b < 1:
        cuts.append(-c / b)
    cuts.sort()
    for lo, hi in zip(cuts, cuts[1:]):
        if min(x(lo), x(hi)) <= s <= max(x(lo), x(hi)):
            rising = x(hi) >= x(lo)
            for _ in range(200):
                mid = (lo + hi) / 2
                if (x(mid) < s) == rising:
                    lo = mid
                else:
                    hi = mid
            return (lo + hi) / 2
    return s


def segment(k0, k1, t):
    d = k1[0] - k0[0]
    if d <= 0 or math.isinf(k0[3]) or math.isinf(k1[2]):
        return k0[1]
    w1 = k0[5] if k0[6] & 2 else 1 / 3
    w2 = k1[4] if k1[6] & 1 else 1 / 3
    s, v0, v1 = (t - k0[0]) / d, k0[1], k1[1]
    m0, m1 = k0[3] * d, k1[2] * d
    third = (1 / 3, 0.3333333432674408)  # as a double, or the Float32 nearest 1/3
    if w1 == 0 and w2 == 0:
        return v0 + (v1 - v0) * s
    if w1 in third and w2 in third:
        return (
            (2 * s**3 - 3 * s * s + 1) * v0
            + (s**3 - 2 * s * s + s) * m0
            + (-2 * s**3 + 3 * s * s) * v1
            + (s**3 - s * s) * m1
        )
    u = bezier_u(s, w1, w2)
    p = (v0, v0 + w1 * m0, v1 - w2 * m1, v1)
    return (1 - u) ** 3 * p[0] + 3 * u * (1 - u) ** 2 * p[1] + 3 * u * u * (1 - u) * p[2] + u**3 * p[3]


def evaluate(curve, t):
    """A curve (name, preWrapMode, postWrapMode, keys) at time t, as Unity's AnimationCurve.Evaluate plays it."""
    _, pre, post, keys = curve
    if not keys:
        return 0.0
    if len(keys) == 1:
        return keys[0][1]
    first, last = keys[0][0], keys[-1][0]
    if t < first:
        t = wrap(t, first, last, pre)
    elif t > last:
        t = wrap(t, first, last, post)
    if t <= first:
        return keys[0][1]
    if t >= last:
        return keys[-1][1]
    k = bisect.bisect_right(key_times(keys), t) - 1
    return segment(keys[k], keys[k + 1], t)


def boolean(curve, t):
    """On where the key at or before t (the first key before it) is above 0.5; off without keys."""
    _, pre, post, keys = curve
    if not keys:
        return False
    first, last = keys[0][0], keys[-1][0]
    t = wrap(t, first, last, pre) if t < first else wrap(t, first, last, post) if t > last else t
    k = max(bisect.bisect_right(key_times(keys), t) - 1, 0)
    return keys[k][1] > 0.5
