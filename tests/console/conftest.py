"""Fixtures for the console tests: see ``browser.py`` beside this file."""

from browser import chromium, playwright_driver, static_site  # noqa: F401
