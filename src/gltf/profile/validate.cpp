// The profile's rules, one check per rule, each finding with a stable code and a JSON pointer.
#include "inputanim/gltf/validate.hpp"
#include "inputanim/gltf/profile_names.hpp"

#include <cmath>
#include <map>
#include <set>

#include "document.hpp"
#include "extras.hpp"
#include "profile.hpp"

namespace inputanim {
namespace {

// The Khronos glTF validator's tolerance on quaternion length (its ROTATION_NON_UNIT and
// ACCESSOR_ANIMATION_SAMPLER_OUTPUT_NON_NORMALIZED_QUATERNION checks), so that both tools agree.
constexpr double kUnitLengthTolerance = 0.00769;

// What the profile says about one named node.
struct ProfileNode {
    std::string name;
    std::string parent;  // expected parent ("" = scene root)
    std::string skeletonParent;  // or, for a joint, its parent in the hierarchical rig
    bool parentIsAncestor = false;  // the pinch marker may sit anywhere under its hand
    std::set<std::string> paths;  // channel paths it may carry
    bool stateScale = false;  // scale is a STEP 0/1 state (tracked, pinching)
};

// The profile's nodes of every present section, in a stable order.
std::vector<ProfileNode> profileNodes(const std::array<bool, 4>& present /* camera, left, right, gaze */) {
    std::map<std::string, ProfileNode> byName;
    for (std::size_t i = 0; i < kCurveCount; ++i) {
        const CurvePlace place = placeOf(i);
        ProfileNode& node = byName[place.node];
        node.name = place.node;
        node.paths.insert(place.path);
    }
    std::vector<ProfileNode> nodes;
    auto add = [&](const std::string& name, const std::string& parent) {
        ProfileNode node = byName.count(name) ? byName[name] : ProfileNode{name, "", "", false, {}, false};
        node.parent = parent;
        nodes.push_back(node);
    };
    if (present[0]) {
        add(std::string(profile::kCamera), "");
        add(std::string(profile::kCameraView), std::string(profile::kCamera));
    }
    for (int h = 0; h < 2; ++h) {
        if (!present[1 + h]) continue;
        const std::string hand = handNodeName(kHands[h]);
        add(hand, "");
        nodes.back().stateScale = true;
        for (Joint joint : kJoints) {
            add(hand + "_" + std::string(jointName(joint)), hand);
            if (auto parent = parentJoint(joint))
                nodes.back().skeletonParent = hand + "_" + std::string(jointName(*parent));
        }
        add(hand + std::string(profile::kPinchingSuffix), hand);
        nodes.back().parentIsAncestor = true;
        nodes.back().stateScale = true;
    }
    if (present[3]) {
        add(std::string(profile::kGaze), "");
        add(std::string(profile::kGazeDirection), std::string(profile::kGaze));
    }
    return nodes;
}

class ProfileValidator {
public:
    ProfileValidator(const GltfDocument& doc, std::vector<Finding>& findings)
        : doc_(doc), model_(doc.model()), out_(findings) {}

    void run() {
        const auto present = presentSections();
        const bool ownFile = doc_.inputanimExtras().is_object();
        if (!ownFile && !present[0] && !present[1] && !present[2] && !present[3]) {
            add(Severity::Note, "not-profile", "/nodes",
                "no node of the profile (Camera, Hand_Left, Hand_Right, Gaze): a file from another tool, read by its "
                "joint names");
            return;
        }
        checkNames();
        checkAnimation();
        const auto nodes = profileNodes(present);
        for (const auto& node : nodes) checkNode(node);
        checkChannelTargets(nodes);
        for (int h = 0; h < 2; ++h)
            if (present[1 + h]) checkSkin(h == 0 ? "Hand_Left" : "Hand_Right");
    }

private:
    void add(Severity severity, std::string code, std::string pointer, std::string message) {
        out_.push_back(Finding::ofFile(severity, std::move(code), std::move(pointer), std::move(message)));
    }
    static std::string nodePointer(int node) { return "/nodes/" + std::to_string(node); }

    // Sections from extras.inputanim's flags for our files, else from the section nodes present.
    std::array<bool, 4> presentSections() const {
        const auto& extras = doc_.inputanimExtras();
        if (extras.is_object() && extras.contains("flags") && extras["flags"].is_array() &&
            extras["flags"].size() == 3) {
            const auto& flags = extras["flags"];
            auto flag = [&](int i) { return flags[i].is_number() && flags[i].get<double>() != 0; };
            return {flag(0), flag(1), flag(1), flag(2)};
        }
        return {doc_.findNode(std::string(profile::kCamera)) >= 0, doc_.findNode(handNodeName(Hand::Left)) >= 0,
                doc_.findNode(handNodeName(Hand::Right)) >= 0, doc_.findNode(std::string(profile::kGaze)) >= 0};
    }

    void checkNames() {
        std::map<std::string, int> seen;
        for (std::size_t n = 0; n < model_.nodes.size(); ++n) {
            const std::string& name = model_.nodes[n].name;
            if (name.empty()) continue;
            if (auto [it, inserted] = seen.emplace(name, int(n)); !inserted)
                add(Severity::Error, "node-name-duplicate", nodePointer(int(n)),
                    "node name '" + name + "' is also used by node " + std::to_string(it->second) +
                        "; names must be unique");
            if (name.find_first_of(".:/[]") != std::string::npos)
                add(Severity::Warning, "node-name-characters", nodePointer(int(n)),
                    "node name '" + name + "' holds . : / [ or ], which three.js strips when it loads the file");
        }
    }

    void checkAnimation() {
        int found = -1;
        for (std::size_t a = 0; a < model_.animations.size(); ++a)
            if (model_.animations[a].name == profile::kAnimation) found = int(a);
            else
                add(Severity::Warning, "animation-extra", "/animations/" + std::to_string(a),
                    "animation '" + model_.animations[a].name +
                        "' is not part of the profile; import reads InputAnimation unless another is picked");
        const auto& extras = doc_.inputanimExtras();
        // A recording without keys has no animation; its extras then sit on the scene.
        if (found < 0 && !(model_.animations.empty() && extras.is_object()))
            add(Severity::Error, "animation-missing", "/animations", "no animation named 'InputAnimation'");
        if (extras.is_null())
            add(Severity::Note, "extras-missing", "/animations/0/extras",
                "no extras.inputanim: not written by inputanim, so the recording is fitted from the channels");
        else if (!isOwnExtras(extras))
            add(Severity::Error, "extras-schema", "/animations/0/extras/inputanim",
                std::string("expected an object with schema '") + kExtrasSchema + "'");
    }

    void checkNode(const ProfileNode& expected) {
        const int node = doc_.findNode(expected.name);
        if (node < 0) {
            add(Severity::Error, "node-missing", "/nodes", "no node named '" + expected.name + "'");
            return;
        }
        int parent = doc_.parentOf(node);
        const int wanted = expected.parent.empty() ? -1 : doc_.findNode(expected.parent);
        const int skeletonParent = expected.skeletonParent.empty() ? -1 : doc_.findNode(expected.skeletonParent);
        if (expected.parentIsAncestor)
            while (parent != -1 && parent != wanted) parent = doc_.parentOf(parent);
        if (parent != wanted && (skeletonParent < 0 || parent != skeletonParent)) {
            const std::string actual =
                doc_.parentOf(node) < 0 ? "the scene root" : "'" + model_.nodes[doc_.parentOf(node)].name + "'";
            const std::string place = expected.parent.empty()     ? std::string("at the scene root")
                                      : expected.parentIsAncestor ? "under '" + expected.parent + "'"
                                      : expected.skeletonParent.empty()
                                          ? "directly under '" + expected.parent + "'"
                                          : "directly under '" + expected.parent + "' (flat rig) or '" +
                                                expected.skeletonParent + "' (hierarchical rig)";
            add(expected.parent.empty() ? Severity::Warning : Severity::Error, "node-parent", nodePointer(node),
                "'" + expected.name + "' is under " + actual + "; the profile places it " + place);
        }
        if (expected.name == profile::kCameraView) checkCameraView(node);
        if (expected.stateScale) checkStateScale(node, expected.name);
        if (expected.name == handNodeName(Hand::Left) || expected.name == handNodeName(Hand::Right))
            checkRestIdentity(node);
    }

    void checkCameraView(int node) {
        const auto& n = model_.nodes[node];
        const bool halfTurnY = n.rotation.size() == 4 && std::abs(n.rotation[0]) < 1e-6 &&
                               std::abs(std::abs(n.rotation[1]) - 1) < 1e-6 && std::abs(n.rotation[2]) < 1e-6 &&
                               std::abs(n.rotation[3]) < 1e-6;
        if (!halfTurnY)
            add(Severity::Error, "camera-view-rotation", nodePointer(node),
                "Camera_View must turn 180 degrees about +Y (rotation [0, 1, 0, 0]): glTF cameras look down -Z, "
                "Unity's down +Z");
        if (n.camera < 0 || std::size_t(n.camera) >= model_.cameras.size() ||
            model_.cameras[n.camera].type != "perspective")
            add(Severity::Error, "camera-missing", nodePointer(node), "Camera_View holds no perspective camera");
    }

    void checkRestIdentity(int node) {
        const auto& n = model_.nodes[node];
        auto is = [](const std::vector<double>& v, std::initializer_list<double> identity) {
            if (v.empty()) return true;
            std::size_t i = 0;
            for (double x : identity)
                if (std::abs(v[i++] - x) > 1e-9) return false;
            return true;
        };
        if (!n.matrix.empty() || !is(n.translation, {0, 0, 0}) || !is(n.rotation, {0, 0, 0, 1}))
            add(Severity::Error, "hand-rest", nodePointer(node),
                "'" + n.name + "' must have an identity rest transform: its joints hold world poses");
    }

    // Tracked and pinching: scale channels, STEP, every key (0,0,0) or (1,1,1).
    void checkStateScale(int node, const std::string& name) {
        const ChannelData* channel = doc_.channel(node, "scale");
        if (!channel) return;  // no keys: the state stays at its rest scale
        const std::string where = channelPointer(node, "scale");
        if (channel->track().interpolation != Interpolation::Step)
            add(Severity::Error, "state-interpolation", where,
                "the scale of '" + name + "' carries a state and must be STEP");
        const auto& values = channel->track().values;
        for (std::size_t k = 0; k + 2 < values.size(); k += 3) {
            const float v = values[k];
            if ((v != 0 && v != 1) || values[k + 1] != v || values[k + 2] != v) {
                add(Severity::Error, "state-value", where,
                    "key " + std::to_string(k / 3) + " of the scale of '" + name + "' is not (0,0,0) or (1,1,1)");
                break;
            }
        }
    }

    // The JSON pointer of the selected animation's channel on this node and path; built once (a file may hold
    // many thousands of channels, and every finding names one).
    std::string channelPointer(int node, const std::string& path) {
        if (channelPointers_.empty() && doc_.selectedAnimation() >= 0) {
            const std::size_t a = std::size_t(doc_.selectedAnimation());
            const auto& channels = model_.animations[a].channels;
            for (std::size_t c = 0; c < channels.size(); ++c)
                channelPointers_.emplace(std::pair(channels[c].target_node, channels[c].target_path),
                                         "/animations/" + std::to_string(a) + "/channels/" + std::to_string(c));
        }
        const auto it = channelPointers_.find({node, path});
        return it == channelPointers_.end() ? "/animations" : it->second;
    }

    void checkChannelTargets(const std::vector<ProfileNode>& nodes) {
        std::map<int, const ProfileNode*> byIndex;
        for (const auto& node : nodes)
            if (int n = doc_.findNode(node.name); n >= 0) byIndex[n] = &node;
        std::set<int> reportedForeign;
        for (const ChannelData& channel : doc_.channels()) {
            const std::string where = channelPointer(channel.node, channel.path);
            const std::string& name = model_.nodes[channel.node].name;
            auto it = byIndex.find(channel.node);
            if (it == byIndex.end()) {
                if (reportedForeign.insert(channel.node).second)
                    add(Severity::Warning, "channel-foreign-node", where,
                        "node '" + name + "' is animated but not part of the profile; import ignores it");
                continue;
            }
            if (!it->second->paths.count(channel.path)) {
                add(Severity::Error, "channel-path", where,
                    "'" + name + "' must not have a " + channel.path + " channel in the profile");
                continue;
            }
            if (!channel.track().times.empty() && channel.track().times.front() < 0)
                add(Severity::Error, "time-negative", where, "key times of '" + name + "' start below 0 s");
            // As in the Khronos validator: CUBICSPLINE values need not be unit, playback normalises them.
            if (channel.path == "rotation" && channel.track().interpolation != Interpolation::CubicSpline)
                checkUnitRotations(channel, where, name);
        }
    }

    void checkUnitRotations(const ChannelData& channel, const std::string& where, const std::string& name) {
        const auto& v = channel.track().values;
        for (std::size_t k = 0; k + 3 < v.size(); k += 4) {
            const double length = std::sqrt(double(v[k]) * v[k] + double(v[k + 1]) * v[k + 1] +
                                            double(v[k + 2]) * v[k + 2] + double(v[k + 3]) * v[k + 3]);
            if (std::abs(length - 1) > kUnitLengthTolerance) {
                add(Severity::Error, "rotation-non-unit", where,
                    "key " + std::to_string(k / 4) + " of the rotation of '" + name + "' has length " +
                        std::to_string(length));
                return;
            }
        }
    }

    // Each hand's 26 joints (None is no bone) are the joints of one skin, so that Blender builds an armature.
    void checkSkin(const std::string& hand) {
        std::set<int> joints;
        for (Joint joint : kJoints)
            if (joint != Joint::None)
                if (int n = doc_.findNode(hand + "_" + std::string(jointName(joint))); n >= 0) joints.insert(n);
        for (const auto& skin : model_.skins)
            if (std::set<int>(skin.joints.begin(), skin.joints.end()) == joints) return;
        add(Severity::Warning, "skin-missing", "/skins",
            "no skin lists exactly the 26 joints of '" + hand + "' (all but None); Blender will not build an armature");
    }

    const GltfDocument& doc_;
    const tinygltf::Model& model_;
    std::vector<Finding>& out_;
    std::map<std::pair<int, std::string>, std::string> channelPointers_;
};

}  // namespace

ProfileReport checkProfile(const ParsedGltf& gltf) {
    const GltfDocument& doc = gltf.document();
    ProfileReport report;
    report.ownFile = isOwnExtras(doc.inputanimExtras());
    for (const Finding& note : doc.notes())
        report.findings.push_back(Finding::ofFile(Severity::Warning, note.code, "", note.message));
    if (auto damage = doc.archiveDamage()) report.findings.push_back(std::move(*damage));
    ProfileValidator(doc, report.findings).run();
    return report;
}

Result<ProfileReport> checkProfile(std::span<const std::uint8_t> bytes, const std::string& path,
                                   const ImportOptions& options) {
    auto parsed = parseGltf(bytes, path, options.allowExternalPaths, options.animation);
    if (!parsed) return parsed.error();
    return checkProfile(*parsed);
}

}  // namespace inputanim
