# A pose held over a span of frames: the bones' rotation keys inside the span are replaced by the pose, and the
# motion the keys played blends into it and back out of it (smoothstep) over ease frames at each end, keyed at
# every frame there. What plays outside the span and its ease frames is untouched. Also the spans over which a
# hand's Boolean state (pinching, tracked) is on, read from its keys.
from mathutils import Quaternion

from . import profile


def smoothstep(w):
    w = min(1.0, max(0.0, w))
    return w * w * (3 - 2 * w)


def _rotation_curves(action, bone_name):
    path = 'pose.bones["%s"].rotation_quaternion' % bone_name
    return [
        action.fcurves.find(path, index=i) or action.fcurves.new(path, index=i, action_group=bone_name)
        for i in range(4)
    ]


def _played(curves, frame, fallback):
    """The rotation the curves play at `frame`, normalised; `fallback` where they hold no keys."""
    if any(len(c.keyframe_points) == 0 for c in curves):
        return fallback
    q = Quaternion([c.evaluate(frame) for c in curves])
    return q.normalized() if q.magnitude > 1e-9 else fallback


def _near(q, to):
    """q or -q, whichever is nearer `to`: Blender interpolates each component, so neighbouring keys must agree."""
    return q if q.dot(to) >= 0 else -q


def _remove_keys(curve, start, end):
    """Removes the keys strictly between frames start and end; returns how many."""
    inside = [k for k in curve.keyframe_points if start < k.co[0] < end]
    for point in reversed(inside):
        curve.keyframe_points.remove(point, fast=True)
    return len(inside)


def _key(curves, frame, q):
    for curve, value in zip(curves, q):
        point = curve.keyframe_points.insert(frame, value, options={"FAST"})
        point.interpolation = "LINEAR"


def hold_rotations(action, targets, start, end, ease_in, ease_out):
    """Keys each bone's local rotation `targets[bone name]` (Quaternion) held over frames [start, end], blending
    from what its keys played over the `ease_in` frames before and back over the `ease_out` frames after. Returns
    the number of recorded keys replaced."""
    replaced = 0
    for name, target in targets.items():
        curves = _rotation_curves(action, name)
        blend_in = [(f, smoothstep((f - start + ease_in) / ease_in)) for f in range(start - ease_in + 1, start)]
        blend_out = [(f, smoothstep((end + ease_out - f) / ease_out)) for f in range(end + 1, end + ease_out)]
        played = {f: _played(curves, f, target) for f, _ in blend_in + blend_out}
        before = _played(curves, start - ease_in, target)
        replaced += max(_remove_keys(c, start - ease_in, end + ease_out) for c in curves)
        last = before
        for frame, w in blend_in:
            last = _near(_near(played[frame], last).slerp(_near(target, last), w), last)
            _key(curves, frame, last)
        held = _near(target, last)
        _key(curves, start, held)
        _key(curves, end, held)
        last = held
        for frame, w in blend_out:
            last = _near(_near(played[frame], last).slerp(held, w), last)
            _key(curves, frame, last)
        for c in curves:
            c.update()
    return replaced


def recorded_keys(action, bone_names, start, end):
    """The frames of rotation keys of `bone_names` strictly between start and end, other than at whole frames
    start..end that a one-frame pose would key."""
    frames = set()
    for name in bone_names:
        curve = action.fcurves.find('pose.bones["%s"].rotation_quaternion' % name, index=0) if action else None
        frames.update(k.co[0] for k in (curve.keyframe_points if curve else ()) if start < k.co[0] < end)
    return sorted(frames)


def _state_curve(obj, prop):
    """The F-curve keying the object's Boolean property `prop`, or None when it has no keys."""
    action = obj.animation_data.action if obj.animation_data else None
    curve = action.fcurves.find(prop) if action else None
    return curve if curve is not None and curve.keyframe_points else None


def on_spans(obj, prop, first, last):
    """[(from, to)] frames over which the object's Boolean property `prop` is on, from its keys (constant), within
    frames first..last; a span still on at `last` ends there."""
    curve = _state_curve(obj, prop)
    if curve is None:
        return [(first, last)] if getattr(obj, prop) else []
    spans, since = [], None
    for point in sorted(curve.keyframe_points, key=lambda k: k.co[0]):
        frame, on = point.co[0], profile.state_on(point.co[1])
        if on and since is None:
            since = frame
        elif not on and since is not None:
            spans.append((since, frame))
            since = None
    if since is not None:
        spans.append((since, last))
    return [(max(a, first), min(b, last)) for a, b in spans if b > first and a < last]


def state_at(obj, prop, frame):
    """The Boolean property as its keys play it at `frame`."""
    curve = _state_curve(obj, prop)
    return profile.state_on(curve.evaluate(frame)) if curve is not None else bool(getattr(obj, prop))
