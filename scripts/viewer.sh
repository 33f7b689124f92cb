#!/usr/bin/env bash
# Serves the web viewer on localhost, optionally opening a recording (.bin, .glb or .gltf) at start; the page reads
# and converts it itself (the library in WebAssembly). Builds what is missing first (scripts/build-viewer.sh).
# Usage: scripts/viewer.sh [RECORDING] [PORT]   (default port 8000; an empty RECORDING serves the page alone; Ctrl-C stops)
set -euo pipefail
# The arguments are checked before anything is built.
if [ -n "${1:-}" ] && [ ! -f "$1" ]; then
    echo "viewer: $1: no such file" >&2
    exit 2
fi
port=${2:-8000}
[[ "$port" =~ ^[0-9]+$ ]] && [ "$port" -ge 1 ] && [ "$port" -le 65535 ] || {
    echo "viewer: $port: not a port (1-65535)" >&2
    exit 1
}
recording=${1:+$(realpath "$1")}
cd "$(dirname "$0")/.."
site=$(scripts/build-viewer.sh)
query=""
if [ -n "$recording" ]; then
    query="?src=$(basename "$recording" | python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.stdin.read().strip()))')"
fi
python3 - "$site" "$port" "$query" "$recording" <<'PY'
import functools, http.server, os, sys, urllib.parse
site, port, query, recording = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, '.js': 'text/javascript',
                      '.wasm': 'application/wasm', '.glb': 'model/gltf-binary'}
    def translate_path(self, path):
        # The recording is served under its own name (nothing else of its folder).
        if recording and urllib.parse.unquote(path.split('?')[0].lstrip('/')) == os.path.basename(recording):
            return recording
        return super().translate_path(path)
    def log_message(self, *args):
        pass
try:
    server = http.server.ThreadingHTTPServer(('127.0.0.1', port), functools.partial(Handler, directory=site))
except OSError as error:
    sys.exit(f"viewer: port {port} is taken ({error.strerror}); give another: scripts/viewer.sh RECORDING {port + 1}")
print(f"viewer: open http://localhost:{port}/{query}  (Ctrl-C stops)", flush=True)
server.serve_forever()
PY
