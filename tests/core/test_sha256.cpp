// SHA-256 against FIPS 180-4's examples (NIST's published digests), whole and fed in uneven pieces.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "inputanim/core/sha256.hpp"
#include "support/fixtures.hpp"

using namespace inputanim;

namespace {

using fixtures::bytesOf;

}  // namespace

TEST_CASE("SHA-256 gives NIST's digests") {
    CHECK(sha256Hex(bytesOf("")) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    CHECK(sha256Hex(bytesOf("abc")) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    // 56 bytes: the length no longer fits in the first block's padding.
    CHECK(sha256Hex(bytesOf("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")) ==
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    const std::string million(1'000'000, 'a');
    CHECK(sha256Hex(bytesOf(million)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("SHA-256 fed in pieces of any size is the digest of the whole") {
    std::string text;
    for (int i = 0; i < 1000; ++i) text += char('a' + i % 26);
    const std::string whole = sha256Hex(bytesOf(text));
    for (std::size_t piece : {1, 3, 63, 64, 65, 200}) {
        Sha256 hash;
        for (std::size_t at = 0; at < text.size(); at += piece) hash.update(bytesOf(text.substr(at, piece)));
        static constexpr char kHex[] = "0123456789abcdef";
        std::string hex;
        for (std::uint8_t b : hash.finish()) hex += kHex[b >> 4], hex += kHex[b & 15];
        CHECK(hex == whole);
    }
}
