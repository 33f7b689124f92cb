#!/usr/bin/env bash
# Packs the Blender add-on.
# - OUT.zip (default build/inputanim_blender.zip): the legacy add-on for Blender 3.4+ (Edit > Preferences >
#   Add-ons > Install), with every executable given below in bin/PLATFORM/.
# - With --extensions DIR: one Blender 4.2+ extension zip per platform given (DIR/inputanim_blender-VERSION-PLATFORM.zip,
#   its blender_manifest.toml naming that platform, as Blender's extension platform wants one build per platform).
# --linux-x64 FILE, --windows-x64 FILE: the inputanim executables to carry (none: the add-on runs the one on PATH).
# With MRTK's articulated hand poses beside the project (../shared/samples/mrtk-hand-poses, MIT, Microsoft), the
# zips also hold them as the add-on's pose library (mrtk_poses.json, with their licence); without, the add-on has
# no library and says so. The version is the project's (scripts/version.sh), stamped into bl_info and the manifest.
# Usage: scripts/blender-addon.sh [OUT.zip] [SHARED] [--linux-x64 FILE] [--windows-x64 FILE] [--extensions DIR]
set -euo pipefail
here=$(pwd)
absolute() { case $1 in /*) echo "$1" ;; *) echo "$here/$1" ;; esac; }
positional=() executables=() extensions=""
while [ $# -gt 0 ]; do
    case $1 in
        --linux-x64 | --windows-x64) executables+=("${1#--}=$(absolute "$2")"); shift 2 ;;
        --extensions) extensions=$(absolute "$2"); shift 2 ;;
        *) positional+=("$1"); shift ;;
    esac
done
cd "$(dirname "$0")/.."
out=build/inputanim_blender.zip
[ -n "${positional[0]:-}" ] && out=$(absolute "${positional[0]}")
shared=../shared
[ -n "${positional[1]:-}" ] && shared=$(absolute "${positional[1]}")
mkdir -p "$(dirname "$out")"
[ -n "$extensions" ] && mkdir -p "$extensions"
python3 scripts/blender_pack.py "$out" "$shared/samples/mrtk-hand-poses" "$(scripts/version.sh)" "$extensions" "${executables[@]}"
