# Type stubs of the package `inputanim` (docs/python.md documents each call).
from os import PathLike
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

from . import poses as poses

__version__: str
PROFILE: Dict[str, Any]
JOINTS: Tuple[str, ...]

_Path = Union[str, PathLike]
_Time = Union[float, str]  # seconds, or a marker's name

class Error(Exception):
    message: str
    kind: str
    reason: str
    source: str
    pointer: str
    exit_status: int

class UsageError(Error, ValueError): ...
class InvalidInputError(Error): ...
class UnsupportedError(Error): ...
class OutputError(Error, OSError): ...

class Samples:
    coordinates: str
    time: npt.NDArray[np.float64]
    camera: npt.NDArray[np.float64]
    left: npt.NDArray[np.float64]
    right: npt.NDArray[np.float64]
    gaze: npt.NDArray[np.float64]
    tracked: Dict[str, npt.NDArray[np.bool_]]
    pinching: Dict[str, npt.NDArray[np.bool_]]
    def __len__(self) -> int: ...
    def to_pandas(self) -> Any: ...

class Recording:
    @classmethod
    def from_arrays(
        cls,
        time: npt.ArrayLike,
        camera: Optional[npt.ArrayLike] = ...,
        left: Optional[npt.ArrayLike] = ...,
        right: Optional[npt.ArrayLike] = ...,
        tracked: Optional[Mapping[str, npt.ArrayLike]] = ...,
        pinching: Optional[Mapping[str, npt.ArrayLike]] = ...,
        gaze: Optional[npt.ArrayLike] = ...,
        markers: Iterable[Tuple[float, str]] = ...,
        format_version: str = ...,
        tolerances: Optional[Mapping[str, float]] = ...,
    ) -> Recording: ...
    @property
    def name(self) -> str: ...
    @property
    def duration(self) -> float: ...
    @property
    def format(self) -> Dict[str, str]: ...
    @property
    def markers(self) -> List[Tuple[float, str]]: ...
    @property
    def messages(self) -> List[Dict[str, str]]: ...
    def info(self) -> Dict[str, Any]: ...
    def findings(self) -> List[Dict[str, Any]]: ...
    def sample(
        self,
        rate: Optional[float] = ...,
        start: float = ...,
        end: Optional[float] = ...,
        times: Optional[npt.ArrayLike] = ...,
        coordinates: str = ...,
    ) -> Samples: ...
    def save(
        self,
        path: _Path,
        *,
        to: str = ...,
        embed: bool = ...,
        overwrite: bool = ...,
        format_version: str = ...,
        layout: str = ...,
        rig: str = ...,
        linear_only: bool = ...,
        compress: str = ...,
        meshes: bool = ...,
        extras: bool = ...,
        animation: bool = ...,
        field_of_view: float = ...,
        rate: Optional[float] = ...,
        position_tolerance: float = ...,
        rotation_tolerance: float = ...,
    ) -> Dict[str, Any]: ...
    def trim(self, start: _Time = ..., end: Optional[_Time] = ..., keep_time: bool = ...) -> Recording: ...
    def shift(self, seconds: float) -> Recording: ...
    def retime(self, speed: Optional[float] = ..., duration: Optional[float] = ...) -> Recording: ...
    def mirror(self, x: Optional[float] = ...) -> Recording: ...
    def with_markers(self, markers: Iterable[Tuple[float, str]]) -> Recording: ...

def load(
    path: _Path,
    *,
    prerelease_2019: bool = ...,
    side: str = ...,
    map: Union[Mapping[str, Any], _Path] = ...,
    hold: float = ...,
    animation: Union[str, int] = ...,
    accept_damaged: bool = ...,
) -> Recording: ...
def load_bytes(data: bytes, name: str = ..., **reading: Any) -> Recording: ...
def generate(
    duration: Optional[float] = ...,
    rate: Optional[float] = ...,
    seed: Optional[int] = ...,
    format_version: str = ...,
    layout: Optional[str] = ...,
    reduce: bool = ...,
    markers: bool = ...,
) -> Recording: ...
def merge(
    base: Recording,
    camera: Optional[Recording] = ...,
    left: Optional[Recording] = ...,
    right: Optional[Recording] = ...,
    gaze: Optional[Recording] = ...,
    offsets: Optional[Mapping[str, float]] = ...,
) -> Recording: ...
def diff(
    a: Recording,
    b: Recording,
    *,
    rate: float = ...,
    start: float = ...,
    end: float = ...,
    offset: float = ...,
    position_tolerance: float = ...,
    rotation_tolerance: float = ...,
    switch_tolerance: float = ...,
) -> Dict[str, Any]: ...
def verify(archive: _Path, original: Optional[_Path] = ...) -> Dict[str, Any]: ...
