#!/usr/bin/env bash
# CTest `cli_hostile`: every verb on the hostile files of hostile.py and hostile_round2.py (hostile_checks.sh), a
# test of its own so that ctest -j runs it beside the rest of the CLI suite.
# Usage: hostile_test.sh PATH/TO/inputanim
set -u
tool=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$(dirname "$0")/checks.sh"
source "$(dirname "$0")/hostile_checks.sh"
echo "cli_hostile: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
