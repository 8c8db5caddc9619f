"""ASPERA workbench core.

Layers, each importing only from the ones below it::

    cli
    runner | analysis
    records
    agents | generation
    executor | tasks
    tools            setup (SIP) and checking (EP) tools
    library          the simulated assistant library programs are written against
    world | llm      in-memory state with a pinned clock | model endpoints

``aspera_core.compat`` makes the import paths of the original release
(``aspera.apps_implementation.*`` and friends) resolve to these modules.
"""

__version__ = "0.1.0"
