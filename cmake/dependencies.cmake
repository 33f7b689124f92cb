# The third-party libraries, as targets: glm::glm, CLI11::CLI11, nlohmann_json::nlohmann_json, TinyGLTF::TinyGLTF,
# and (with tests) Catch2::Catch2.
# - Debian, vcpkg, Homebrew: find_package. Where tinygltf comes as its header only (vcpkg, Homebrew) or a static
#   tool is asked for (INPUTANIM_STATIC), its implementation is compiled here (src/tinygltf_implementation.cpp).
# - Cross builds (Windows with mingw-w64): INPUTANIM_DEPENDENCY_HEADERS names the folder of the host's copies of
#   these header-only libraries (/usr/include on Debian); the ones needed are copied into the build, because the
#   host's folder as a whole would shadow the target's C library headers.

function(inputanim_tinygltf_from_header include_dir)
  add_library(inputanim_tinygltf STATIC ${PROJECT_SOURCE_DIR}/src/tinygltf_implementation.cpp)
  target_include_directories(inputanim_tinygltf SYSTEM PUBLIC $<BUILD_INTERFACE:${include_dir}>)
  target_link_libraries(inputanim_tinygltf PUBLIC nlohmann_json::nlohmann_json)
  # In every file that includes tiny_gltf.h (its class's defaults depend on them): no image decoding.
  target_compile_definitions(inputanim_tinygltf PUBLIC TINYGLTF_NO_STB_IMAGE TINYGLTF_NO_STB_IMAGE_WRITE TINYGLTF_NO_EXTERNAL_IMAGE)
  add_library(TinyGLTF::TinyGLTF ALIAS inputanim_tinygltf)
  file(STRINGS ${include_dir}/tiny_gltf.h version_line REGEX "^//  - v[0-9]+\\.[0-9]+\\.[0-9]+" LIMIT_COUNT 1)
  string(REGEX MATCH "[0-9]+\\.[0-9]+\\.[0-9]+" version "${version_line}")
  set(TinyGLTF_VERSION ${version} PARENT_SCOPE)
endfunction()

# A target that links a library Debian ships shared only (meshoptimizer, for tests and benchmarks): without the
# static tool's -static and -s, keeping every other link option (the sanitizers').
function(inputanim_link_dynamically target)
  get_target_property(options ${target} LINK_OPTIONS)
  if(options)
    list(REMOVE_ITEM options -static -s)
    set_property(TARGET ${target} PROPERTY LINK_OPTIONS "${options}")
  endif()
endfunction()

if(INPUTANIM_DEPENDENCY_HEADERS)
  set(copied ${PROJECT_BINARY_DIR}/third_party)
  foreach(item tiny_gltf.h nlohmann glm CLI catch2)
    if(NOT EXISTS ${copied}/${item})
      file(COPY ${INPUTANIM_DEPENDENCY_HEADERS}/${item} DESTINATION ${copied})
    endif()
  endforeach()
  foreach(name glm::glm CLI11::CLI11 nlohmann_json::nlohmann_json Catch2::Catch2)
    add_library(${name} INTERFACE IMPORTED)
    set_target_properties(${name} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${copied} INTERFACE_SYSTEM_INCLUDE_DIRECTORIES ${copied})
  endforeach()
  inputanim_tinygltf_from_header(${copied})
  return()
endif()

find_package(glm REQUIRED)
find_package(CLI11 REQUIRED)
find_package(nlohmann_json REQUIRED)
if(NOT INPUTANIM_STATIC)
  find_package(TinyGLTF CONFIG QUIET)
endif()
if(NOT TARGET TinyGLTF::TinyGLTF)
  find_path(TINYGLTF_INCLUDE_DIR tiny_gltf.h REQUIRED)
  inputanim_tinygltf_from_header(${TINYGLTF_INCLUDE_DIR})
endif()
if(INPUTANIM_BUILD_TESTS)
  find_package(Catch2 2 REQUIRED)
endif()

