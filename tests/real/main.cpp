// Runner for tests on the third-party recordings: exits 77 (CTest's skip) when ../shared is absent.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#include <filesystem>
#include <iostream>

int main(int argc, char** argv) {
    const std::filesystem::path real = std::filesystem::path(INPUTANIM_SHARED_DIR) / "samples" / "real";
    if (!std::filesystem::exists(real / "handrecorder-2021-v1.0.bin")) {
        std::cout << "SKIP: " << real.string() << " not found (the real recordings live beside the project)\n";
        return 77;
    }
    return Catch::Session().run(argc, argv);
}
