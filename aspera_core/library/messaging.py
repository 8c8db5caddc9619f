"""Messaging (documentation only): the simulated world offers no messaging functions."""
