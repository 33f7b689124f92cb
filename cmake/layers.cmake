# The library's layers, by source folder (src/<folder>), from the bottom up (docs/architecture.md): the one list both
# CMake projects read. The native build (../CMakeLists.txt) makes a library of each and checks that it declared
# exactly these; the WebAssembly build (../wasm/CMakeLists.txt) compiles them into one program.
set(INPUTANIM_LAYER_DIRS core io mrtk tracks capture gltf/container gltf/mesh gltf/foreign gltf/profile analysis edit entry)
