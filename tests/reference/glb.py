"""The container: a GLB's JSON and buffer, accessors, and EXT_meshopt_compression's attribute codec.

Written from the glTF 2.0 and EXT_meshopt_compression specifications and docs/archival.md, not from the
project's code. Standard library only.
"""

import hashlib
import json
import struct
from array import array

GLB_MAGIC, JSON_CHUNK, BIN_CHUNK = 0x46546C67, 0x4E4F534A, 0x004E4942
COMPONENTS = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4}


class Glb:
    """A GLB file: `json` (the document) and `bin` (the BIN chunk's bytes, the buffer)."""

    def __init__(self, data):
        magic, version, length = struct.unpack_from("<III", data, 0)
        if magic != GLB_MAGIC or version != 2 or length > len(data):
            raise ValueError("not a GLB 2.0 file")
        self.json, self.bin, at = None, b"", 12
        while at + 8 <= length:
            size, kind = struct.unpack_from("<II", data, at)
            chunk = data[at + 8 : at + 8 + size]
            if kind == JSON_CHUNK:
                self.json = json.loads(chunk)
            elif kind == BIN_CHUNK:
                self.bin = bytes(chunk)
            at += 8 + size
        self._views = {}

    def buffer_sha256(self):
        """The SHA-256 of buffer 0's bytes (its byteLength of the BIN chunk), as inputanim:bufferSha256 records."""
        buffers = self.json.get("buffers", [])
        length = buffers[0].get("byteLength", 0) if buffers else 0
        return hashlib.sha256(self.bin[:length]).hexdigest()

    def view(self, index):
        """A buffer view's bytes, decoded first when the view is compressed."""
        if index not in self._views:
            view = self.json["bufferViews"][index]
            meshopt = view.get("extensions", {}).get("EXT_meshopt_compression")
            if meshopt:
                self._views[index] = decode_meshopt(meshopt, self.bin)
            else:
                start = view.get("byteOffset", 0)
                self._views[index] = self.bin[start : start + view["byteLength"]]
        return self._views[index]

    def floats(self, accessor_index):
        """An accessor of FLOAT components as a flat array('f') (count x components), strides undone."""
        accessor = self.json["accessors"][accessor_index]
        if accessor["componentType"] != 5126 or "sparse" in accessor:
            raise ValueError("accessor %d: expected plain FLOAT components" % accessor_index)
        n, count = COMPONENTS[accessor["type"]], accessor["count"]
        view = self.json["bufferViews"][accessor["bufferView"]]
        stride = view.get("byteStride", 4 * n)
        data, start = self.view(accessor["bufferView"]), accessor.get("byteOffset", 0)
        out = array("f")
        for i in range(count):
            at = start + i * stride
            out.frombytes(data[at : at + 4 * n])
        return out


def unzigzag(v):
    return (v >> 1) ^ -(v & 1)


def decode_group(data, at, bits):
    """One group of 16 bytes at `bits` bits each (0, 2, 4 or 8); returns (values, next offset)."""
    if bits == 0:
        return [0] * 16, at
    if bits == 8:
        return list(data[at : at + 16]), at + 16
    per_byte, sentinel = 8 // bits, (1 << bits) - 1
    packed, at = data[at : at + 2 * bits], at + 2 * bits
    values = []
    for byte in packed:
        for k in range(per_byte):
            values.append((byte >> (8 - bits * (k + 1))) & sentinel)
    for i, value in enumerate(values):
        if value == sentinel:
            values[i], at = data[at], at + 1
    return values, at


def decode_bytes(data, at, count):
    """`count` (a multiple of 16) bytes of one byte position: 2-bit group modes, then the groups."""
    groups = count // 16
    header, at = data[at : at + (groups + 3) // 4], at + (groups + 3) // 4
    out = []
    for g in range(groups):
        mode = (header[g // 4] >> ((g % 4) * 2)) & 3
        values, at = decode_group(data, at, [0, 2, 4, 8][mode])
        out.extend(values)
    return out, at


def decode_attributes(data, count, stride):
    """EXT_meshopt_compression's ATTRIBUTES mode, version 0: blocks of byte deltas from the tail's first element."""
    if data[0] != 0xA0:
        raise ValueError("meshopt: expected an attribute stream of version 0")
    last = list(data[len(data) - stride :])
    block = min((8192 // stride) & ~15, 256)
    out, at = bytearray(count * stride), 1
    for first in range(0, count, block):
        n = min(block, count - first)
        for k in range(stride):
            deltas, at = decode_bytes(data, at, (n + 15) & ~15)
            value = last[k]
            for i in range(n):
                value = (value + unzigzag(deltas[i])) & 0xFF
                out[(first + i) * stride + k] = value
            last[k] = value
    return bytes(out)


def decode_meshopt(ext, buffer):
    if ext.get("mode") != "ATTRIBUTES" or ext.get("filter", "NONE") != "NONE":
        raise ValueError("meshopt: archives compress their animation views as plain ATTRIBUTES")
    start = ext.get("byteOffset", 0)
    return decode_attributes(buffer[start : start + ext["byteLength"]], ext["count"], ext["byteStride"])
