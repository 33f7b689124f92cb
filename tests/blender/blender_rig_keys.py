# Run inside Blender: the add-on's keys (rig_keys.py) against Blender's own glTF importer. Each GLB is imported by
# Blender's importer, then, in an emptied scene, the rig at rest that `convert --no-animation` makes of the same
# recording is imported and keyed by the add-on from the GLB; both must give the same objects, actions, NLA tracks
# and curves (paths, indices, groups, interpolations, frames) and values within 2e-6 (Blender's importer computes in
# Float32, the add-on in doubles). A GLB the add-on leaves to Blender's importer (`keyable` false) is named so. The
# add-on's import of the rig at rest makes the fingertip bones short as it goes (poses.short_tips_on_import): the tips
# must come TIP_LENGTH long and every other bone as Blender's importer made it.
# blender -b --factory-startup --python blender_rig_keys.py -- ADDON.zip GLB:AT_REST_GLB|GLB:unkeyable...
import math
import os
import sys

import bpy
import numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blender_support import Expectations, install_addon, script_arguments  # noqa: E402 (path first)

arguments, _ = script_arguments()
checks = Expectations()
install_addon(arguments[0])
from inputanim_blender import poses, rig_keys  # noqa: E402 (installed just now)

numpy.bool = bool  # Blender 3.4's importer uses numpy.bool, which NumPy 1.24 removed


def animation():
    """Each animated object's action and NLA tracks, and each curve's keys."""
    seen = {}
    for obj in bpy.data.objects:
        if not obj.animation_data:
            continue
        action = obj.animation_data.action
        tracks = [
            (t.name, t.lock, t.mute, [(s.name, s.frame_start, s.action.name) for s in t.strips])
            for t in obj.animation_data.nla_tracks
        ]
        curves = []
        for curve in action.fcurves:
            co = numpy.empty(2 * len(curve.keyframe_points), numpy.float32)
            curve.keyframe_points.foreach_get("co", co)
            kinds = numpy.empty(len(curve.keyframe_points), numpy.int32)
            curve.keyframe_points.foreach_get("interpolation", kinds)
            curves.append(((curve.data_path, curve.array_index, curve.group.name), co, kinds))
        seen[obj.name] = ((action.name, action.id_root, tracks), curves)
    return seen


def bones():
    """Each bone's head, tail (armature space) and roll-giving axis."""
    return {
        b.name: (b.head_local.copy(), b.tail_local.copy(), b.z_axis.copy())
        for obj in bpy.data.objects
        if obj.type == "ARMATURE"
        for b in obj.data.bones
    }


def compare_bones(name, theirs, ours):
    """The fingertips TIP_LENGTH long along the importer's direction, every other bone the importer's."""
    expect = checks.expect
    expect(sorted(theirs) == sorted(ours), "%s: bones %s, the add-on's %s" % (name, sorted(theirs), sorted(ours)))
    tips = [n for n in ours if n.endswith("Tip")]
    for bone in set(theirs) & set(ours):
        (head, tail, z), (our_head, our_tail, our_z) = theirs[bone], ours[bone]
        if bone in tips:  # Float32 positions 4 mm apart: its direction within 1e-4 rad, its roll's axis 2e-5
            theirs_along, ours_along = numpy.array(tail - head, float), numpy.array(our_tail - our_head, float)
            turned = math.atan2(numpy.linalg.norm(numpy.cross(theirs_along, ours_along)), theirs_along @ ours_along)
            length = (our_tail - our_head).length
            expect(
                (head - our_head).length < 1e-7
                and (z - our_z).length < 2e-5
                and turned < 1e-4
                and abs(length - poses.TIP_LENGTH) < 1e-6,
                "%s: tip %s: %.6f m long, %.2g from its head, its axes %.2g apart, turned %.2g"
                % (name, bone, length, (head - our_head).length, (z - our_z).length, turned),
            )
        else:
            same = (head - our_head).length + (tail - our_tail).length + (z - our_z).length == 0
            expect(same, "%s: %s is not the importer's" % (name, bone))
    return len(tips)


def compare(name, theirs, ours):
    expect = checks.expect
    expect(sorted(theirs) == sorted(ours), "%s: animated objects %s, the add-on's %s" % (name, theirs, ours))
    worst = 0.0
    for obj in set(theirs) & set(ours):
        expect(theirs[obj][0] == ours[obj][0], "%s %s: %s, the add-on's %s" % (name, obj, theirs[obj][0], ours[obj][0]))
        names = [c[0] for c in theirs[obj][1]]
        expect(names == [c[0] for c in ours[obj][1]], "%s %s: other curves" % (name, obj))
        for (curve, co, kinds), (_, our_co, our_kinds) in zip(theirs[obj][1], ours[obj][1]):
            same = co.shape == our_co.shape and (co[0::2] == our_co[0::2]).all() and (kinds == our_kinds).all()
            expect(same, "%s %s: other frames or interpolations" % (name, curve))
            if same and len(co):
                worst = max(worst, float(numpy.abs(co[1::2] - our_co[1::2]).max()))
    expect(worst <= 2e-6, "%s: values up to %g apart" % (name, worst))
    return worst


for given in arguments[1:]:
    path, _, at_rest = given.partition(":")
    unkeyable = at_rest == "unkeyable"
    name = os.path.basename(path)
    document, binary = rig_keys.read_glb(path)
    checks.expect(rig_keys.keyable(document) != bool(unkeyable), "%s: keyable is %s" % (name, not unkeyable))
    if unkeyable:
        print("rig keys: %s left to Blender's importer" % name)
        continue
    bpy.ops.wm.read_factory_settings(use_empty=True)
    bpy.ops.import_scene.gltf(filepath=path)
    theirs, their_bones = animation(), bones()
    bpy.ops.wm.read_factory_settings(use_empty=True)
    before = set(bpy.data.objects)
    bpy.ops.import_scene.gltf(filepath=at_rest)
    rig_keys.key(document, binary, set(bpy.data.objects) - before, bpy.context.scene)
    curves = sum(len(c) for _, c in theirs.values())
    within = compare(name, theirs, animation())
    bpy.ops.wm.read_factory_settings(use_empty=True)
    with poses.short_tips_on_import():
        bpy.ops.import_scene.gltf(filepath=at_rest)
    tips = compare_bones(name, their_bones, bones())
    print("rig keys: %s, %d curves, values within %.2g; %d tips made short" % (name, curves, within, tips))
checks.verdict("rig-keys")
