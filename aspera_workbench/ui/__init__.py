"""Notebook components (ipywidgets), each a thin view over plain-Python logic of the layers below: the
generation widget, the failure explorer and the tour of one task."""

from aspera_workbench.ui.audit_view import rejected_beside_reference
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
    "rejected_beside_reference",
]
