"""Notebook components (ipywidgets): each a thin view over plain-Python logic of the layers below.

* :mod:`aspera_core.ui.generation`: reviewing proposed tasks and deciding on them
  (:class:`~aspera_core.ui.generation.GenerationWidget`).
* :mod:`aspera_core.ui.explorer`: filtering evaluated programs, reading why one
  failed, running it again or a fix, and labelling it
  (:class:`~aspera_core.ui.explorer.FailureExplorer`, :func:`~aspera_core.ui.explorer.open_explorer`).
"""

from aspera_core.ui.explorer import FailureExplorer, open_explorer
from aspera_core.ui.generation import GenerationWidget, check_html

__all__ = ["FailureExplorer", "GenerationWidget", "check_html", "open_explorer"]
