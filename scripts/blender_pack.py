"""Writes the Blender add-on's zips (scripts/blender-addon.sh is the command; its header says what they hold).

Usage: blender_pack.py OUT.zip POSES_DIR VERSION EXTENSIONS_DIR|"" [PLATFORM=EXECUTABLE ...]
"""
import json
import os
import re
import sys
import zipfile

from pose_library import library, notice as pose_notice

SOURCE = "blender/inputanim_blender"
# Blender's platform names for ours (https://docs.blender.org/manual/en/latest/advanced/extensions/).
BLENDER_PLATFORMS = {"linux-x64": "linux-x64", "windows-x64": "windows-x64"}
EXECUTABLE_NAMES = {"linux-x64": "inputanim", "windows-x64": "inputanim.exe"}


def manifest(version, platform):
    return "\n".join(
        [
            'schema_version = "1.0.0"',
            'id = "inputanim"',
            'version = "%s"' % version,
            'name = "MRTK Input Animation"',
            'tagline = "Edit MRTK input animation recordings as hand rigs"',  # at most 64 characters, no final stop
            'maintainer = "inputanim"',
            'type = "add-on"',
            'tags = ["Animation", "Import-Export"]',
            'blender_version_min = "4.2.0"',
            'license = ["SPDX:GPL-3.0-or-later"]',
            'copyright = ["2026 the inputanim authors"]',
            'platforms = ["%s"]' % BLENDER_PLATFORMS[platform],
            "",
            "[permissions]",
            'files = "Import and export recordings, and run the bundled converter"',  # at most 64, no final stop
            "",
        ]
    )


def write(out, prefix, version, poses, notice, executables, extra):
    """One zip: the add-on's Python files under `prefix`, bl_info's version stamped, the pose library, the licence
    files, and each executable in bin/PLATFORM/ (mode 755)."""
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(os.listdir(SOURCE)):
            if name.endswith(".py"):
                text = open(os.path.join(SOURCE, name)).read()
                if name == "__init__.py":
                    numbers = ", ".join(version.split("."))
                    text = re.sub(r'"version": \([0-9, ]+\)', '"version": (%s)' % numbers, text, count=1)
                archive.writestr(prefix + name, text)
        if poses:
            archive.writestr(prefix + "mrtk_poses.json", json.dumps(poses, indent=1))
            archive.writestr(prefix + "mrtk_poses_LICENSE.md", notice)
        for name in ("LICENSE", "THIRD_PARTY_NOTICES.md"):
            archive.write(name, prefix + name)
        for platform, path in executables.items():
            info = zipfile.ZipInfo(prefix + "bin/%s/%s" % (platform, EXECUTABLE_NAMES[platform]))
            info.external_attr = 0o100755 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, open(path, "rb").read())
        for name, text in extra.items():
            archive.writestr(prefix + name, text)


def main(out, poses_dir, version, extensions, *pairs):
    executables = dict(pair.split("=", 1) for pair in pairs)
    unknown = set(executables) - set(EXECUTABLE_NAMES)
    if unknown:
        sys.exit("unknown platform %s (known: %s)" % (", ".join(sorted(unknown)), ", ".join(EXECUTABLE_NAMES)))
    poses = library(poses_dir)
    notice = pose_notice(poses_dir) if poses else ""
    write(out, "inputanim_blender/", version, poses, notice, executables, {})
    print(out)
    if extensions:
        for platform, path in executables.items():
            zip_path = os.path.join(extensions, "inputanim_blender-%s-%s.zip" % (version, platform))
            write(
                zip_path,
                "",
                version,
                poses,
                notice,
                {platform: path},
                {"blender_manifest.toml": manifest(version, platform)},
            )
            print(zip_path)


if __name__ == "__main__":
    main(*sys.argv[1:])
