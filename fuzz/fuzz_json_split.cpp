// libFuzzer target, differential: the fast split of plain glTF JSON (src/gltf/container/json_split.hpp) must decline
// whatever nlohmann's parser refuses, and split what it accepts exactly as the token by token pass does.
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "gltf/container/json_limits.hpp"
#include "gltf/container/json_split.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::uint8_t> text(data, size);
    const auto fast = inputanim::splitPlainJson(text);
    if (!fast) return 0;
    if (inputanim::tooDeepAt(text)) std::abort();
    const auto tokens = inputanim::splitAnyJson(text);
    if (!tokens) std::abort();
    if (nlohmann::json::parse(fast->forTinygltf) != nlohmann::json::parse(tokens->forTinygltf)) std::abort();
    if (fast->kept != tokens->kept || fast->listItems != tokens->listItems) std::abort();
    return 0;
}
