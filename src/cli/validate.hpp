// The validate verb: a glTF against the profile's structural rules plus the recording it converts to,
// or a binary recording plus the glTF it would export to (internal to the tool).
#pragma once

#include "common.hpp"

namespace cli {

// Exit 5 when a rule or the checker finds an error (with `strict`, a warning).
int runValidate(const Input& input, bool json, bool strict);

}  // namespace cli
