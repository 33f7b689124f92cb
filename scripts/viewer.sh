#!/usr/bin/env bash
# Serves the web viewer on localhost, optionally opening a recording (.bin, .glb or .gltf) at start; the page reads
# and converts it itself (the library in WebAssembly). Builds what is missing first (scripts/build-viewer.sh).
# Usage: scripts/viewer.sh [--lan] [RECORDING] [PORT]   (default port 8000; an empty RECORDING serves the page alone;
# Ctrl-C stops). --lan: serves this network too, over HTTPS with a certificate made for it (self-signed), for a
# headset's browser: WebXR, which Record needs, runs only on secure pages (docs/recording.md).
set -euo pipefail
lan=""
if [ "${1:-}" = "--lan" ]; then
    lan=1
    shift
    command -v openssl >/dev/null || { echo "viewer: --lan needs openssl (apt-get install openssl)" >&2; exit 1; }
fi
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
certificate=""
if [ -n "$lan" ]; then  # a certificate for this machine, made once and kept in the user's cache (never served)
    certificate=${XDG_CACHE_HOME:-$HOME/.cache}/inputanim/viewer-certificate.pem
    if [ ! -f "$certificate" ]; then
        mkdir -p "$(dirname "$certificate")"
        openssl req -x509 -newkey rsa:2048 -nodes -days 825 -subj "/CN=inputanim viewer" -keyout "$certificate.key" \
            -out "$certificate.crt" 2>/dev/null
        cat "$certificate.key" "$certificate.crt" >"$certificate" && rm -f "$certificate.key" "$certificate.crt"
        chmod 600 "$certificate"
    fi
fi
python3 - "$site" "$port" "$query" "$recording" "$certificate" <<'PY'
import functools, http.server, os, socket, ssl, sys, urllib.parse
site, port, query, recording, certificate = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
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
def lan_address():
    """The address this machine is reached at on its network (the route out; nothing is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))
            return s.getsockname()[0]
        except OSError:
            return None
try:
    server = http.server.ThreadingHTTPServer(('0.0.0.0' if certificate else '127.0.0.1', port),
                                             functools.partial(Handler, directory=site))
except OSError as error:
    sys.exit(f"viewer: port {port} is taken ({error.strerror}); give another: scripts/viewer.sh RECORDING {port + 1}")
if certificate:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certificate)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    address = lan_address() or "THIS-COMPUTER"
    print(f"viewer: open https://{address}:{port}/{query} in the headset's browser and accept its warning about the"
          " certificate (made here, self-signed); Quest Browser, HoloLens 2's Edge, Vision Pro's Safari and Android XR's"
          " Chrome run WebXR on secure pages only  (Ctrl-C stops)", flush=True)
else:
    print(f"viewer: open http://localhost:{port}/{query}  (Ctrl-C stops; --lan serves a headset on this network)",
          flush=True)
server.serve_forever()
PY
