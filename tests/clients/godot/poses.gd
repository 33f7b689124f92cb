# Godot 3's glTF import as a game plays it: each imported file's first animation seeked to each time, and the world
# poses of the named nodes (joints are bones of the importer's skeletons, named in snake case). Run by godot_play.sh:
#   godot3-server --path PROJECT -s poses.gd LIST
# LIST holds lines "FILE.glb TIMES.txt NAMES.txt OUT.json"; OUT gets, per time, per name, [px, py, pz, qx, qy, qz, qw,
# local scale x] or null when the file has no such node.
extends SceneTree


func _init():
	var list = File.new()
	list.open(OS.get_cmdline_args()[OS.get_cmdline_args().size() - 1], File.READ)
	while not list.eof_reached():
		var fields = list.get_line().split(" ", false)
		if fields.size() == 4:
			_play(fields[0], _lines(fields[1]), _lines(fields[2]), fields[3])
	quit()


func _lines(path):
	var file = File.new()
	file.open(path, File.READ)
	var lines = file.get_as_text().split("\n", false)
	file.close()
	return lines


# A node's place: [node] for a node, [skeleton, bone index] for a joint the importer made a bone.
func _find(scene, name):
	var node = scene.find_node(name, true, false)
	if node:
		return [node]
	var bone = name.capitalize().to_lower().replace(" ", "_")
	for skeleton in _skeletons(scene):
		if skeleton.find_bone(bone) >= 0:
			return [skeleton, skeleton.find_bone(bone)]
	return null


func _skeletons(node):
	var found = [node] if node is Skeleton else []
	for child in node.get_children():
		found += _skeletons(child)
	return found


func _pose(place):
	if place == null:
		return null
	var world = place[0].global_transform
	var local_scale = place[0].scale.x
	if place.size() == 2:
		world = world * place[0].get_bone_global_pose(place[1])
		local_scale = place[0].get_bone_pose(place[1]).basis.get_scale().x
	var q = world.basis.orthonormalized().get_rotation_quat()
	return [world.origin.x, world.origin.y, world.origin.z, q.x, q.y, q.z, q.w, local_scale]


func _play(path, times, names, out):
	var scene = load(path).instance()
	get_root().add_child(scene)
	var player = scene.find_node("AnimationPlayer", true, false)
	var places = []
	for name in names:
		places.append(_find(scene, name))
	var frames = []
	if player:
		player.play(player.get_animation_list()[0])
	for t in times:
		if player:
			player.seek(float(t), true)
		var poses = []
		for place in places:
			poses.append(_pose(place))
		frames.append(poses)
	var file = File.new()
	file.open(out, File.WRITE)
	file.store_string(to_json(frames))
	file.close()
	scene.queue_free()
