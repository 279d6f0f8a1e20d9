"""Checking the output: audit against sources, the HTML report, scoring against a gold."""
