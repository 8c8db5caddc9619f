"""Test helpers shared by several test folders (the scripted OpenAI-protocol server)."""
