"""Copies of an event that travel by e-mail: merged back into it, and compared."""
