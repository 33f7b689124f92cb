// A folder of its own under the system's temporary folder for one test, removed with everything in it.
#pragma once

#include <catch2/catch.hpp>
#include <filesystem>
#include <iterator>
#include <random>
#include <string>

#include "inputanim/io/file_io.hpp"

namespace test_support {

// A number no other test process running now is likely to have drawn.
inline std::string uniqueSuffix() { return std::to_string(std::random_device{}()); }

struct TempFolder {
    explicit TempFolder(const std::string& name)
        : path(std::filesystem::temp_directory_path() / ("inputanim-" + name + "-" + uniqueSuffix())) {
        std::filesystem::create_directories(path);
    }
    ~TempFolder() { std::filesystem::remove_all(path); }
    std::size_t entries() const {
        return std::size_t(
            std::distance(std::filesystem::directory_iterator(path), std::filesystem::directory_iterator()));
    }
    std::string operator/(const std::string& name) const {
        return inputanim::utf8Path(path / inputanim::nativePath(name));
    }
    std::filesystem::path path;
};

// A file's bytes as text.
inline std::string fileText(const std::string& path) {
    auto bytes = inputanim::readFile(path);
    REQUIRE(bytes.ok());
    return {bytes->begin(), bytes->end()};
}

}  // namespace test_support
