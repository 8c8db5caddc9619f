"""What a model is shown of the simulated library: rendered documentation and primitive lists.

Kept out of :mod:`aspera_core.library` so that the simulated API holds only
what programs call.
"""

from aspera_workbench.surface.library_docs import (
    EXECUTABLE_ONLY,
    defined_names,
    render_library_docs,
    render_module_docs,
)
from aspera_workbench.surface.primitives import (
    ALL_MODULES,
    CORE_MODULES,
    KINDS,
    Primitive,
    library_primitives,
    method_index,
    module_primitives,
    names_used,
    primitive_index,
    primitive_modules,
    primitives_used,
)

__all__ = [
    "ALL_MODULES",
    "CORE_MODULES",
    "EXECUTABLE_ONLY",
    "KINDS",
    "Primitive",
    "defined_names",
    "library_primitives",
    "method_index",
    "module_primitives",
    "names_used",
    "primitive_index",
    "primitive_modules",
    "primitives_used",
    "render_library_docs",
    "render_module_docs",
]
