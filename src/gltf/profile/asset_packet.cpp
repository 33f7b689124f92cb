#include "asset_packet.hpp"

#include <chrono>
#include <utility>

#include "inputanim/core/sha256.hpp"
#include "xmp.hpp"

namespace inputanim {
namespace {

bool pending(const std::shared_future<std::string>& digest) {
    return digest.valid() && digest.wait_for(std::chrono::seconds(0)) != std::future_status::ready;
}

}  // namespace

AssetPacket assetPacket(const std::optional<Provenance>& provenance,
                        const std::shared_future<std::string>& sourceSha256, std::span<const std::uint8_t> buffer,
                        bool later) {
    if (!provenance) return {};
    Provenance taken = *provenance;
    if (!later || (!pending(sourceSha256) && buffer.size() < kHashAsideLeast)) {
        if (sourceSha256.valid()) taken.sourceSha256 = sourceSha256.get();
        taken.bufferSha256 = sha256Hex(buffer);
        return {xmpPacket(taken), {}};
    }
    // A digest is 64 hexadecimal digits, which JSON writes as they are: the placeholders take their room exactly.
    const std::string placeholder(64, '0');
    Provenance waiting = taken;
    waiting.bufferSha256 = placeholder;
    if (sourceSha256.valid()) waiting.sourceSha256 = placeholder;
    auto bufferSha256 = sha256HexLater(buffer, HashWhen::Aside);
    auto text = [taken, sourceSha256, bufferSha256]() mutable {
        if (sourceSha256.valid()) taken.sourceSha256 = sourceSha256.get();
        taken.bufferSha256 = bufferSha256.get();
        return xmpPacket(taken);
    };
    return {xmpPacket(waiting), std::async(std::launch::deferred, std::move(text)).share()};
}

}  // namespace inputanim
