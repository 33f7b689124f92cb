// verify --manifest (internal to the tool).
#pragma once

#include <string>

#include "common.hpp"

namespace cli {

// What verify says of a glTF that holds no extras.inputanim (the front end's words, naming its flag).
inline constexpr const char* kNoWayBack =
    "it holds no extras.inputanim (written with --no-extras): it plays its source but cannot give back its bytes";

// Checks every archive the manifest lists (`given`: manifest.json, or the folder that holds it) against the record of
// it: its bytes, and the recording rebuilt from it against its source's. Exit 5 when any differs or cannot be read.
int verifyManifest(const std::string& given, bool json, const Globals& globals);

}  // namespace cli
