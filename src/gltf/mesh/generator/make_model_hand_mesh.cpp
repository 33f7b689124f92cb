// Writes the model hand's mesh (fieldHandMesh around restHand, the left hand) as a C++ source of the glTF layer,
// so that exports skin it instead of building it from the field: run by the build, never installed.
// Usage: make_model_hand_mesh OUT.cpp
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <type_traits>

#include "mesh_geometry.hpp"

namespace {

// Floats as hexadecimal literals: exact, whatever the compiler's decimal rounding.
template <class T>
void writeArray(std::ostream& out, const char* type, const char* name, const std::vector<T>& values) {
    out << "const " << type << ' ' << name << "[] = {";
    char text[32];
    for (std::size_t i = 0; i < values.size(); ++i) {
        if constexpr (std::is_floating_point_v<T>) std::snprintf(text, sizeof text, "%af", double(values[i]));
        else std::snprintf(text, sizeof text, "%u", unsigned(values[i]));
        out << (i % 16 ? " " : "\n    ") << text << ',';
    }
    out << "\n};\n";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: make_model_hand_mesh OUT.cpp\n";
        return 2;
    }
    using namespace inputanim;
    const SkinnedGeometry mesh = fieldHandMesh(Hand::Left, restHand(Hand::Left));
    std::ostringstream out;
    out << "// Made by the build (src/gltf/mesh/generator/make_model_hand_mesh.cpp): the model hand's mesh.\n"
           "#include \"mesh_geometry.hpp\"\n\nnamespace inputanim {\nnamespace {\n\n";
    writeArray(out, "float", "kHandPositions", mesh.positions);
    writeArray(out, "float", "kHandNormals", mesh.normals);
    writeArray(out, "std::uint8_t", "kHandJoints", mesh.joints);
    writeArray(out, "float", "kHandWeights", mesh.weights);
    writeArray(out, "std::uint16_t", "kHandIndices", mesh.indices);
    out << "\n}  // namespace\n\nMeshView modelLeftHandMesh() {\n"
           "    return {kHandPositions, kHandNormals, kHandJoints, kHandWeights, kHandIndices};\n}\n\n}  // namespace "
           "inputanim\n";
    std::ofstream file(argv[1], std::ios::binary);
    file << out.str();
    if (!file.flush()) {
        std::cerr << "make_model_hand_mesh: cannot write " << argv[1] << '\n';
        return 1;
    }
    return 0;
}
