"""Builds the Python package `inputanim` (pyproject.toml): the native module with CMake (the project's build, in
build/ unless INPUTANIM_BUILD_DIR names another folder), the package's Python files, and MRTK's hand poses where
../shared/samples/mrtk-hand-poses (or INPUTANIM_POSES) holds them."""

import os
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = os.path.dirname(os.path.abspath(__file__))
BUILD = os.environ.get("INPUTANIM_BUILD_DIR", os.path.join(ROOT, "build"))
POSES = os.environ.get("INPUTANIM_POSES", os.path.join(ROOT, "..", "shared", "samples", "mrtk-hand-poses"))


def version():
    with open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8") as cmake:
        return re.search(r"^project\(inputanim VERSION ([0-9.]+)", cmake.read(), re.M).group(1)


class CMakeBuild(build_ext):
    """The native module as scripts/build.sh configures the project (release, the tool linked statically)."""

    def build_extension(self, ext):
        if not os.path.exists(os.path.join(BUILD, "CMakeCache.txt")):  # else as it is configured (scripts/build.sh)
            python = os.path.realpath(sys.executable)  # a virtual environment's is its base interpreter
            flags = ["-DCMAKE_BUILD_TYPE=Release", "-DINPUTANIM_STATIC=ON", "-DPython3_EXECUTABLE=" + python]
            subprocess.run(["cmake", "-S", ROOT, "-B", BUILD, *flags], check=True, stdout=subprocess.DEVNULL)
        jobs = str(os.cpu_count() or 2)
        subprocess.run(["cmake", "--build", BUILD, "--target", "inputanim_python", "-j", jobs], check=True)
        built = os.path.join(BUILD, "python", "inputanim")
        module = next(name for name in os.listdir(built) if name.startswith("_inputanim.") and name.endswith(".so"))
        os.makedirs(os.path.dirname(self.get_ext_fullpath(ext.name)), exist_ok=True)
        shutil.copyfile(os.path.join(built, module), self.get_ext_fullpath(ext.name))


class WithPoses(build_py):
    """The package's files, MRTK's hand poses and their licence beside them where the pose files are found."""

    def run(self):
        super().run()
        sys.path.insert(0, os.path.join(ROOT, "scripts"))
        import pose_library

        pose_library.main(POSES, os.path.join(self.build_lib, "inputanim"))


setup(
    version=version(),
    packages=["inputanim"],
    package_dir={"": "python"},
    package_data={"inputanim": ["*.pyi", "py.typed"]},
    ext_modules=[Extension("inputanim._inputanim", sources=[])],
    cmdclass={"build_ext": CMakeBuild, "build_py": WithPoses},
    options={"build": {"build_base": os.path.join("build", "setuptools")}},
    zip_safe=False,
)
