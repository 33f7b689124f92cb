# Type stubs of inputanim.poses: MRTK's hand poses as (27, 7) arrays (docs/python.md).
from typing import Dict, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

AVAILABLE: bool
NAMES: Tuple[str, ...]
PINCHING: Dict[str, bool]
open: npt.NDArray[np.float64]
flat: npt.NDArray[np.float64]
point: npt.NDArray[np.float64]
pinch: npt.NDArray[np.float64]
grab: npt.NDArray[np.float64]
thumbs_up: npt.NDArray[np.float64]
victory: npt.NDArray[np.float64]

def place(
    pose: npt.ArrayLike,
    position: Sequence[float] = ...,
    rotation: Sequence[float] = ...,
    hand: str = ...,
) -> npt.NDArray[np.float64]: ...
def blend(a: npt.ArrayLike, b: npt.ArrayLike, s: Union[float, npt.ArrayLike]) -> npt.NDArray[np.float64]: ...
