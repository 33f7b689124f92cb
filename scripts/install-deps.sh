#!/usr/bin/env bash
# Installs what the build and tests need, from Debian's packages only. Idempotent: quick when all is there.
# Usage: scripts/install-deps.sh [--test]   (--test adds what the test suite needs)
set -euo pipefail
packages=(cmake g++ make libtinygltf-dev libglm-dev catch2 libcli11-dev nlohmann-json3-dev python3)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing: ${missing[*]}" >&2
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
