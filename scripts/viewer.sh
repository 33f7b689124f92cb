#!/usr/bin/env bash
# Serves the web viewer (samples/viewer) on localhost, optionally with a recording opened at start.
# Usage: scripts/viewer.sh [RECORDING.bin|RECORDING.glb] [PORT]   (default port 8000; Ctrl-C stops)
set -euo pipefail
recording=${1:+$(realpath "$1")}
cd "$(dirname "$0")/.."
port=${2:-8000}
viewer=samples/viewer
if [ ! -d "$viewer/node_modules/three" ]; then
    echo "installing three.js for the viewer (pinned in $viewer/package-lock.json)" >&2
    npm ci --prefix "$viewer" --no-audit --no-fund --loglevel=error >/dev/null
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
query=""
if [ -n "$recording" ]; then
    [ -x build/inputanim ] || scripts/build.sh >/dev/null
    # Any recording (binary or glTF) becomes a .glb; a .glb is converted too, which also validates it.
    build/inputanim convert "$recording" "$work/recording.glb" -q
    query="?src=recording.glb"
fi
python3 - "$viewer" "$work" "$port" "$query" <<'PY'
import functools, http.server, os, sys
viewer, work, port = sys.argv[1], sys.argv[2], int(sys.argv[3])
class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, '.js': 'text/javascript', '.glb': 'model/gltf-binary'}
    def translate_path(self, path):
        if path.split('?')[0] == '/recording.glb':
            return os.path.join(work, 'recording.glb')
        return super().translate_path(path)
    def log_message(self, *args):
        pass
try:
    server = http.server.ThreadingHTTPServer(('127.0.0.1', port), functools.partial(Handler, directory=viewer))
except OSError as error:
    sys.exit(f"viewer: port {port} is taken ({error.strerror}); give another: scripts/viewer.sh RECORDING {port + 1}")
print(f"viewer: open http://localhost:{port}/{sys.argv[4]}  (Ctrl-C stops)", flush=True)
server.serve_forever()
PY
