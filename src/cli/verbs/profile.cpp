// profile: the glTF profile and the reading options as JSON (schema inputanim.profile/1), for front ends written in
// other languages (the Blender add-on reads its names, state encoding and option ranges from it).
#include <iostream>

#include "inputanim/report.hpp"
#include "verbs.hpp"

namespace cli {

Verb addProfile(CLI::App& app, const Globals&) {
    CLI::App* profile =
        app.add_subcommand("profile", "print the glTF profile's names, state encoding and option ranges as JSON");
    profile->footer("docs/gltf-profile.md, \"The profile table\". Example: inputanim profile");
    return {profile, [] {
                std::cout << dumped(ia::profileTableJson()) << "\n";
                return int(kExitSuccess);
            }};
}

}  // namespace cli
