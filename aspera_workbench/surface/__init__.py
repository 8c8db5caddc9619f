"""What a model is shown of the simulated library: rendered documentation and primitive lists.

Kept out of :mod:`aspera_core.library` so that the simulated API holds only
what programs call.
"""
