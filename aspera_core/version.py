"""The workbench's version, recorded in results files and task-set digests."""

__version__ = "0.1.0"
