# Running the inputanim executable: which one (the preference, $INPUTANIM, the one packed with the add-on, PATH), and
# its errors as the add-on's users act on them.
import contextlib
import json
import os
import platform
import shutil
import stat
import subprocess
import sys

import bpy

# The CLI's hints that name its options, as this add-on's users act on them (the messages end with the hint).
HINTS = {
    "(read it with --prerelease-2019)": "(tick '2019 prerelease' in the import options)",
    "(--accept-damaged reads it as it is)": "(tick 'Read damaged archive' in the import options to read it as it is)",
}


class InputanimError(Exception):
    pass


def bundled():
    """The inputanim executable packed with the add-on for this system (bin/linux-x64, bin/windows-x64), or None.
    Made executable when the zip's extraction dropped the mode bits."""
    system = {"linux": "linux", "win32": "windows"}.get(sys.platform)
    machine = platform.machine().lower()
    if system is None or machine not in ("x86_64", "amd64"):
        return None
    path = os.path.join(
        os.path.dirname(__file__), "bin", system + "-x64", "inputanim.exe" if system == "windows" else "inputanim"
    )
    if not os.path.isfile(path):
        return None
    if not os.access(path, os.X_OK):
        os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def executable(context):
    """The inputanim executable: the add-on's preference, else $INPUTANIM, else the one packed with the add-on for
    this system, else inputanim on PATH."""
    preferences = context.preferences.addons[__package__].preferences
    for candidate in (bpy.path.abspath(preferences.executable), os.environ.get("INPUTANIM", "")):
        if candidate:
            if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
                return candidate
            raise InputanimError(
                "inputanim executable not found at '%s' (Edit > Preferences > Add-ons > MRTK Input "
                "Animation, or $INPUTANIM)" % candidate
            )
    found = bundled() or shutil.which("inputanim")
    if not found:
        raise InputanimError(
            "this add-on carries no inputanim for %s %s and none is on PATH: set its path in Edit > "
            "Preferences > Add-ons > MRTK Input Animation" % (sys.platform, platform.machine())
        )
    return found


def _answer(returncode, stdout, stderr, allowed):
    """(stdout, stderr) of a run that ended with `returncode`; an error carries the tool's own message."""
    if returncode not in allowed:
        lines = [line for line in stderr.splitlines() if line.strip()]
        message = lines[-1] if lines else "inputanim exited with status %d" % returncode
        message = message.replace("inputanim: error: ", "", 1)
        for hint, ours in HINTS.items():
            message = message.replace(hint, ours)
        raise InputanimError(message)
    return stdout, stderr


def run(context, *arguments, allowed=(0,), stdin=None):
    """Runs inputanim (`stdin`: text for its standard input); returns (stdout, stderr); an error carries the tool's
    own message."""
    result = subprocess.run(
        [executable(context), *arguments], input=stdin, capture_output=True, encoding="utf-8", errors="replace"
    )
    return _answer(result.returncode, result.stdout, result.stderr, allowed)


@contextlib.contextmanager
def job_beside(context, job, folder, allowed=(0,)):
    """Runs one conversion job (as run_job; written into `folder`) while the block runs; yields the function that
    waits for its report. A block left by an exception ends the job."""
    path = os.path.join(folder, "job.json")
    with open(path, "w", encoding="utf-8") as text:
        json.dump(job, text)
    process = subprocess.Popen(
        [executable(context), "run", path],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        encoding="utf-8",
        errors="replace",
    )

    def report():
        stdout, stderr = process.communicate()
        return json.loads(_answer(process.returncode, stdout, stderr, allowed)[0])

    try:
        yield report
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


def run_job(context, job, allowed=(0,)):
    """Runs one conversion job (a dict of schema inputanim.job/1, docs/cli.md) with `inputanim run -`; returns its
    report (schema inputanim.run/1)."""
    return json.loads(run(context, "run", "-", allowed=allowed, stdin=json.dumps(job))[0])
