// The asset's KHR_xmp_json_ld packet of an export: its provenance with the digests of its source and its buffer
// (internal to the glTF profile).
#pragma once

#include <cstdint>
#include <future>
#include <optional>
#include <span>
#include <string>

#include "inputanim/gltf/provenance.hpp"

namespace inputanim {

struct AssetPacket {
    std::string text;  // the packet's JSON text; none when no provenance is asked
    // While the digests are still being taken: `text` holds placeholders where they go, as long as the text that
    // this gives once they are taken. Invalid when `text` is final.
    std::shared_future<std::string> later;
};

// `provenance` with the digest of `buffer` (alive until `later` goes) and the source's (`sourceSha256`, if valid,
// which may still be being taken). `later`: whether the digests may be left to be taken meanwhile (on another
// thread from kHashAsideLeast bytes of buffer), rather than waited for now.
AssetPacket assetPacket(const std::optional<Provenance>& provenance,
                        const std::shared_future<std::string>& sourceSha256, std::span<const std::uint8_t> buffer,
                        bool later);

}  // namespace inputanim
