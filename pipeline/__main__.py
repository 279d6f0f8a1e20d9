"""`python -m pipeline` entry point."""

from pipeline.cli import main

main()
