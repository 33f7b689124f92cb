"""The house's size rules on every tracked source (C++, Python, JavaScript, shell): a file holds at most 450 lines,
a function at most 90 (C++ and Python functions found by universal-ctags, JavaScript ones by TypeScript's parser).
Prints each breach; exits 1 on any, 77 (skipped) when ctags or Node's TypeScript is missing.
Usage: python3 lengths.py PROJECT_DIR"""
import json
import os
import shutil
import subprocess
import sys

MAX_FILE, MAX_FUNCTION = 450, 90
SOURCES = ("*.cpp", "*.hpp", "*.py", "*.js", "*.mjs", "*.sh")


def tracked(root, patterns):
    out = subprocess.run(["git", "-C", root, "ls-files", *patterns], capture_output=True, text=True, check=True).stdout
    return [f for f in out.splitlines() if "node_modules/" not in f]


def ctags_functions(root, files):
    ctags = shutil.which("ctags-universal") or shutil.which("ctags")
    command = [ctags, "--fields=+ne", "--kinds-C++=f", "--kinds-Python=fm", "--output-format=json", "-f", "-", *files]
    for line in subprocess.run(command, cwd=root, capture_output=True, text=True, check=True).stdout.splitlines():
        tag = json.loads(line)
        if "end" in tag:
            yield tag["path"], tag["name"], tag["line"], tag["end"]


def js_functions(root, files):
    typescript = os.path.join(root, "tests", "interop", "node_modules", "typescript")
    script = os.path.join(root, "tests", "style", "js_functions.mjs")
    out = subprocess.run(["node", script, typescript, *files], cwd=root, capture_output=True, text=True, check=True)
    for line in out.stdout.splitlines():
        tag = json.loads(line)
        yield tag["path"], tag["name"], tag["line"], tag["end"]


def main(root):
    if not (shutil.which("ctags-universal") or shutil.which("ctags")) or not shutil.which("node"):
        print("SKIP: universal-ctags or node is not installed (scripts/install-deps.sh --test installs them)")
        return 77
    if not os.path.isdir(os.path.join(root, "tests", "interop", "node_modules", "typescript")):
        print("SKIP: tests/interop's typescript is not installed (scripts/install-deps.sh --test installs it)")
        return 77
    breaches = []
    files = tracked(root, SOURCES)
    for path in files:
        with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
            count = sum(1 for _ in f)
        if count > MAX_FILE:
            breaches.append("%s: %d lines (at most %d)" % (path, count, MAX_FILE))
    native = [f for f in files if f.endswith((".cpp", ".hpp", ".py"))]
    scripts = [f for f in files if f.endswith((".js", ".mjs"))]
    functions = list(ctags_functions(root, native)) + list(js_functions(root, scripts))
    for path, name, line, end in functions:
        if end - line + 1 > MAX_FUNCTION:
            breaches.append("%s:%d: %s is %d lines (at most %d)" % (path, line, name, end - line + 1, MAX_FUNCTION))
    for breach in breaches:
        print("FAIL: " + breach)
    print("lengths: %d files, %d functions; %d over the limits" % (len(files), len(functions), len(breaches)))
    return 1 if breaches else 0


if __name__ == "__main__":
    sys.exit(main(os.path.abspath(sys.argv[1])))
