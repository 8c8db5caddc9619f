"""A setting's own value class, for tests of ``SandboxConfig.value_modules``."""

import dataclasses


@dataclasses.dataclass
class Point:
    x: int
