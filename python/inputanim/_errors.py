"""The package's exceptions: the library's errors, grouped as the command-line tool's exit statuses group them."""


# What a Python caller can do about an error, by its reason: the keyword arguments that act on it.
_HINTS = {
    "output-exists": " (overwrite=True replaces it)",
    "output-is-input": " (not even with overwrite=True)",
    "prerelease-2019": " (read it with prerelease_2019=True)",
    "archive-damaged": " (accept_damaged=True reads it as it is)",
    "nodes-unrecognised": " (map= names nodes; docs/cli.md)",
    "side-unknown": " (give side='left' or side='right')",
    "side-of-two-hands": " (side= is for files with one hand)",
    "animation-missing": " (animation=NAME or INDEX)",
    "grid-too-large": " (a lower rate, or a shorter span with start and end)",
    "fit-budget": " (a larger position_tolerance or rotation_tolerance needs fewer)",
    "generator-too-long": " (a shorter duration or a lower rate)",
    "mirror-needs-linear-keys": " (mirror(x=METRES) mirrors any keys)",
    "binary-options-not-binary": " (format_version and layout)",
}


class Error(Exception):
    """An error the library reported.

    Attributes: ``message`` (the library's line: the file, the place and what was wrong), ``kind`` (the library's
    error kind: "malformed", "refused", "input-failed", "not-representable", "output-failed" or "usage"),
    ``exit_status`` (what the command-line tool exits with for it), ``reason`` (why, for a caller to act on:
    "output-exists", "prerelease-2019", ... or "unspecified"), ``source`` (the file, where known) and ``pointer``
    (the JSON pointer of the place in a JSON input or option, where it applies). The text (``str(error)``) adds what
    a Python caller can do about it, where a keyword argument does something.
    """

    exit_status = 0

    def __init__(self, message, kind="", reason="unspecified", source="", pointer=""):
        super().__init__(message + _HINTS.get(reason, ""))
        self.message = message
        self.kind = kind
        self.reason = reason
        self.source = source
        self.pointer = pointer


class UsageError(Error, ValueError):
    """Options that contradict each other, are out of range, or name nothing (exit status 1)."""

    exit_status = 1


class InvalidInputError(Error):
    """An input that cannot be read as what it claims, is refused by a policy or a limit, or cannot be read at
    all (exit status 2)."""

    exit_status = 2


class UnsupportedError(Error):
    """Content that the output asked for cannot hold (exit status 3)."""

    exit_status = 3


class OutputError(Error, OSError):
    """An output that cannot be written: it exists, its folder is missing, the disk is full (exit status 4)."""

    exit_status = 4


_BY_STATUS = {cls.exit_status: cls for cls in (UsageError, InvalidInputError, UnsupportedError, OutputError)}


def library_error(message, kind, exit_status, reason, source, pointer):
    """The exception for an error of the library (called by the native module)."""
    return _BY_STATUS.get(exit_status, InvalidInputError)(message, kind, reason, source, pointer)
