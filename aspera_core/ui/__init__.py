"""Notebook components (ipywidgets): each a thin view over plain-Python logic of the layers below.

* :mod:`aspera_core.ui.generation`: reviewing proposed tasks and deciding on them
  (:class:`~aspera_core.ui.generation.GenerationWidget`).
"""

from aspera_core.ui.generation import GenerationWidget, check_html

__all__ = ["GenerationWidget", "check_html"]
