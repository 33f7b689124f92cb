// SHA-256 against FIPS 180-4's examples (NIST's published digests), whole and fed in uneven pieces.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "inputanim/core/sha256.hpp"
#include "support/fixtures.hpp"

using namespace inputanim;

namespace {

using fixtures::bytesOf;

std::string digestBy(Sha256::Engine engine, const std::string& text) {
    Sha256 hash(engine);
    hash.update(bytesOf(text));
    return hexDigest(hash.finish());
}

// The engines this processor runs: the portable one always, the SHA extensions where it has them.
std::vector<Sha256::Engine> enginesHere() {
    std::vector<Sha256::Engine> engines{Sha256::Engine::Portable};
    if (Sha256::available(Sha256::Engine::ShaExtensions)) engines.push_back(Sha256::Engine::ShaExtensions);
    else WARN("this processor has no SHA extensions: only the portable engine is tested");
    return engines;
}

}  // namespace

TEST_CASE("SHA-256 gives NIST's digests on every engine") {
    for (Sha256::Engine engine : enginesHere()) {
        INFO("engine " << int(engine));
        CHECK(digestBy(engine, "") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        CHECK(digestBy(engine, "abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        // 56 bytes: the length no longer fits in the first block's padding.
        CHECK(digestBy(engine, "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
        // 112 bytes: two whole blocks of FIPS 180-4's second long example, then the padding's.
        CHECK(digestBy(engine,
                       "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmn"
                       "opqrsmnopqrstnopqrstu") == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
        const std::string million(1'000'000, 'a');
        CHECK(digestBy(engine, million) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    }
    CHECK(sha256Hex(bytesOf("abc")) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST_CASE("SHA-256's engines agree on every length and byte value") {
    const auto engines = enginesHere();
    std::string text;
    std::uint32_t seed = 12345;
    for (int i = 0; i < 300; ++i) text += char((seed = seed * 1103515245 + 12345) >> 24);
    for (std::size_t length = 0; length <= text.size(); ++length) {
        INFO("length " << length);
        const std::string part = text.substr(0, length);
        for (Sha256::Engine engine : engines) CHECK(digestBy(engine, part) == digestBy(Sha256::Engine::Portable, part));
    }
}

TEST_CASE("SHA-256 fed in pieces of any size is the digest of the whole") {
    std::string text;
    for (int i = 0; i < 1000; ++i) text += char('a' + i % 26);
    const std::string whole = sha256Hex(bytesOf(text));
    for (std::size_t piece : {1, 3, 63, 64, 65, 200}) {
        Sha256 hash;
        for (std::size_t at = 0; at < text.size(); at += piece) hash.update(bytesOf(text.substr(at, piece)));
        CHECK(hexDigest(hash.finish()) == whole);
    }
}
