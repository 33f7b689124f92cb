// Writes the edge-case recordings to a folder, and cases.txt listing "name exact|fitted" per line.
#include <fstream>
#include <iostream>

#include "support/edge_cases.hpp"
#include "inputanim/mrtk/binary_format.hpp"
#include "inputanim/io/file_io.hpp"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: make_edge_cases FOLDER\n";
        return 1;
    }
    const std::string folder = argv[1];
    std::ofstream list(folder + "/cases.txt");
    for (const auto& c : edge_cases::all()) {
        auto bytes = inputanim::writeRecording(c.recording);
        if (!bytes) {
            std::cerr << c.name << ": " << bytes.error().describe() << "\n";
            return 1;
        }
        if (auto s = inputanim::writeFileAtomically(folder + "/" + c.name + ".bin", *bytes); !s) {
            std::cerr << s.error().describe() << "\n";
            return 1;
        }
        list << c.name << " " << (c.exact ? "exact" : "fitted") << "\n";
    }
    return 0;
}
