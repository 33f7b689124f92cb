// The one place tinygltf's implementation is compiled: the WebAssembly build has no shared tinygltf to link.
// Image support is compiled out for every file of this build (CMakeLists.txt): the profile has no images.
#define TINYGLTF_IMPLEMENTATION
#include <tiny_gltf.h>
