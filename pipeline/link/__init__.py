"""The link stage: turn an annotated Doc into entities, metrics and results."""
