#!/usr/bin/env bash
# Regenerates samples/ with the project's own generator (the cli test checks they are reproducible), and the full-layout
# file of the tests (tests/data: the published specification's layout, which no MRTK version loads, so not a sample).
set -euo pipefail
cd "$(dirname "$0")/.."
tool=${1:-build/inputanim}
"$tool" generate samples/gesture-1.1-compact.bin --force
"$tool" generate tests/data/gesture-1.1-full.bin --layout full --force -q
"$tool" generate samples/gesture-1.0.bin --format-version 1.0 --force
