// SHA-256 (FIPS 180-4): what an archive records of its source, so that anyone can check, years later, that
// converting it back gives the same bytes.
#pragma once

#include <array>
#include <cstdint>
#include <future>
#include <memory>
#include <span>
#include <string>

namespace inputanim {

class Sha256 {
public:
    // How blocks are hashed: portable C++, or x86-64's SHA extensions (where the processor has them: on by default).
    enum class Engine { Portable, ShaExtensions };
    static bool available(Engine engine);

    Sha256();
    explicit Sha256(Engine engine);
    void update(std::span<const std::uint8_t> bytes);
    std::array<std::uint8_t, 32> finish();  // the digest; the object is spent

private:
    void blocks(const std::uint8_t* data, std::size_t count);
    Engine engine_;
    std::array<std::uint32_t, 8> state_;
    std::array<std::uint8_t, 64> pending_{};
    std::size_t pendingBytes_ = 0;
    std::uint64_t totalBytes_ = 0;
};

// A digest as 64 lowercase hexadecimal digits.
std::string hexDigest(const std::array<std::uint8_t, 32>& digest);
// The digest of `bytes` so written.
std::string sha256Hex(std::span<const std::uint8_t> bytes);

// When to take a digest that sha256HexLater promises.
enum class HashWhen {
    Aside,  // now: on a thread of its own from kHashAsideLeast bytes (when first asked where no thread can be had),
            // fewer at once (faster than a thread starts)
    Asked,  // when first asked, on the thread that asks
};
inline constexpr std::size_t kHashAsideLeast = std::size_t(1) << 20;
// sha256Hex of `bytes`, which `owner` (if any) keeps alive until the digest is taken. The last copy of the future
// waits for a digest being taken before it goes.
std::shared_future<std::string> sha256HexLater(std::span<const std::uint8_t> bytes, HashWhen when,
                                               std::shared_ptr<const void> owner = {});

}  // namespace inputanim
