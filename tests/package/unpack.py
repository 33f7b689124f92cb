"""Unpacks every package of a dist/ folder and checks what each holds (tests/package/package_test.sh).

Usage: unpack.py DIST OUT VERSION; prints each failure indented, then "unpacked: ok" or "unpacked: FAIL".
"""
import json
import os
import sys
import tarfile
import tomllib
import zipfile

dist, out, version = sys.argv[1:]
failures = []


def expect(condition, message):
    if not condition:
        failures.append(message)


def names_in(path):
    if path.endswith(".zip"):
        return zipfile.ZipFile(path).namelist()
    return tarfile.open(path).getnames()


DOCS = ["README.md", "LICENSE", "THIRD_PARTY_NOTICES.md", "docs/cli.md", "docs/edit-in-blender.md"]
for platform, executable, kind in [("linux-x64", "inputanim", "tar.gz"), ("windows-x64", "inputanim.exe", "zip")]:
    name = "inputanim-%s-%s" % (version, platform)
    path = os.path.join(dist, "%s.%s" % (name, kind))
    held = set(names_in(path))
    for item in [executable] + DOCS:
        expect("%s/%s" % (name, item) in held, "%s lacks %s" % (os.path.basename(path), item))
    if kind == "zip":
        zipfile.ZipFile(path).extractall(out)
    else:
        tarfile.open(path).extractall(out, filter="tar")
    expect(
        os.access(os.path.join(out, name, executable), os.X_OK) or platform.startswith("windows"),
        "%s is not executable once unpacked" % executable,
    )

legacy = zipfile.ZipFile(os.path.join(dist, "inputanim_blender-%s.zip" % version))
held = set(legacy.namelist())
for item in [
    "__init__.py",
    "LICENSE",
    "THIRD_PARTY_NOTICES.md",
    "bin/linux-x64/inputanim",
    "bin/windows-x64/inputanim.exe",
]:
    expect("inputanim_blender/" + item in held, "the add-on zip lacks %s" % item)
init = legacy.read("inputanim_blender/__init__.py").decode()
expect(
    '"version": (%s)' % ", ".join(version.split(".")) in init,
    "the add-on's bl_info does not carry version %s" % version,
)

for platform, executable in [("linux-x64", "inputanim"), ("windows-x64", "inputanim.exe")]:
    extension = zipfile.ZipFile(os.path.join(dist, "inputanim_blender-%s-%s.zip" % (version, platform)))
    held = set(extension.namelist())
    manifest = tomllib.loads(extension.read("blender_manifest.toml").decode())
    expect(
        manifest.get("version") == version, "%s extension: manifest version %s" % (platform, manifest.get("version"))
    )
    expect(
        manifest.get("platforms") == [platform], "%s extension: platforms %s" % (platform, manifest.get("platforms"))
    )
    expect(
        manifest.get("license") == ["SPDX:GPL-3.0-or-later"],
        "%s extension: license %s" % (platform, manifest.get("license")),
    )
    expect(
        manifest.get("type") == "add-on" and manifest.get("blender_version_min") == "4.2.0",
        "%s extension: type or Blender version" % platform,
    )
    for field, text in [
        ("tagline", manifest.get("tagline", "")),
        ("files permission", manifest.get("permissions", {}).get("files", "")),
    ]:
        expect(
            0 < len(text) <= 64 and text[-1].isalnum(),
            "%s extension: the %s must be 1-64 characters with no final stop: %r" % (platform, field, text),
        )
    for item in ["__init__.py", "LICENSE", "THIRD_PARTY_NOTICES.md", "bin/%s/%s" % (platform, executable)]:
        expect(item in held, "%s extension lacks %s" % (platform, item))
    other = [n for n in held if n.startswith("bin/") and not n.startswith("bin/%s/" % platform)]
    expect(not other, "%s extension carries another platform's %s" % (platform, other))
    mode = extension.getinfo("bin/%s/%s" % (platform, executable)).external_attr >> 16
    expect(mode & 0o111, "%s extension: the executable has no execute bits" % platform)

npm = tarfile.open(os.path.join(dist, "inputanim-three-%s.tgz" % version))
package = json.load(npm.extractfile("package/package.json"))
expect(
    package["version"] == version and package.get("license") == "MIT",
    "npm package: version %s, license %s" % (package["version"], package.get("license")),
)
held = set(npm.getnames())
for item in package["files"]:  # what the package says it holds (and its imports need: index.js, library.js, ...)
    expect("package/" + item in held, "npm package lacks %s" % item)
expect(
    {"index.js", "worker.js", "inputanim.js", "inputanim.wasm", "LICENSE", "THIRD_PARTY_NOTICES.md"}
    <= set(package["files"]),
    "npm package: files %s" % package["files"],
)

viewer = os.path.join(dist, "inputanim-viewer-%s.zip" % version)
held = set(names_in(viewer))
zipfile.ZipFile(viewer).extractall(out)
for item in [
    "index.html",
    "inputanim-three/inputanim.wasm",
    "three/build/three.module.js",
    "three/LICENSE",
    "LICENSE",
    "THIRD_PARTY_NOTICES.md",
]:
    expect("inputanim-viewer/" + item in held, "viewer zip lacks %s" % item)

wheel = zipfile.ZipFile(os.path.join(dist, "inputanim-%s-cp311-cp311-linux_x86_64.whl" % version))
held = set(wheel.namelist())
info = "inputanim-%s.dist-info/" % version
for item in ["inputanim/__init__.py", "inputanim/__init__.pyi", "inputanim/poses.pyi", "inputanim/py.typed"] + [
    info + "LICENSE",
    info + "THIRD_PARTY_NOTICES.md",
]:
    expect(item in held, "the wheel lacks %s" % item)
expect(any(n.startswith("inputanim/_inputanim.cpython-311-") for n in held), "the wheel lacks its native module")
metadata = wheel.read(info + "METADATA").decode()
expect("Requires-Dist: numpy" in metadata and "License: MIT" in metadata, "the wheel's metadata: %s" % metadata[:200])
if "inputanim/mrtk_poses.json" in held:  # built with MRTK's pose files beside the project: their licence with them
    expect("inputanim/mrtk_poses_LICENSE.md" in held, "the wheel carries MRTK's poses without their licence")

for failure in failures:
    print("  " + failure)
print("unpacked: %s (%d failures)" % ("ok" if not failures else "FAIL", len(failures)))
