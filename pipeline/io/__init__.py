"""Input and output: reading abstracts, writing records atomically, exporting tables."""
