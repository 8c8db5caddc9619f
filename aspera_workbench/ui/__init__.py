"""Notebook components (ipywidgets): each a thin view over plain-Python logic of the layers below.

* :mod:`aspera_workbench.ui.generation`: reviewing proposed tasks and deciding on them
  (:class:`~aspera_workbench.ui.generation.GenerationWidget`).
* :mod:`aspera_workbench.ui.explorer`: filtering evaluated programs, reading why one
  failed, running it again or a fix, and labelling it
  (:class:`~aspera_workbench.ui.explorer.FailureExplorer`, :func:`~aspera_workbench.ui.explorer.open_explorer`).
* :mod:`aspera_workbench.ui.tour`: one task step by step, for teaching (:func:`~aspera_workbench.ui.tour.open_tour`).
"""

from aspera_workbench.ui.explorer import FailureExplorer, error_notice, open_explorer
from aspera_workbench.ui.generation import GenerationWidget, check_html
from aspera_workbench.ui.tour import Tour, open_tour
from aspera_workbench.ui.world_change import pair_changes

__all__ = [
    "pair_changes",
    "FailureExplorer",
    "GenerationWidget",
    "Tour",
    "check_html",
    "error_notice",
    "open_explorer",
    "open_tour",
]
