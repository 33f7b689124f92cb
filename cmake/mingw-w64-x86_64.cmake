# Cross-compiling for Windows x64 with Debian's mingw-w64 (g++-mingw-w64-x86-64-posix): a static inputanim.exe
# that needs no DLL beside it. Tests and build-time tools run under Wine (tests/windows/wine.sh).
# Usage: cmake -S . -B build-windows --toolchain cmake/mingw-w64-x86_64.cmake (scripts/build-windows.sh)
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)
set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(CMAKE_CROSSCOMPILING_EMULATOR ${CMAKE_CURRENT_LIST_DIR}/../tests/windows/wine.sh)
# The header-only dependencies are the host's (Debian's), copied into the build (cmake/dependencies.cmake).
set(INPUTANIM_DEPENDENCY_HEADERS /usr/include CACHE PATH "")
set(INPUTANIM_STATIC ON CACHE BOOL "")
