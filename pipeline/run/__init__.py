"""Running the stages: the one orchestration sequence, the Prefect flow and schedules."""

BATCH_PER_WORKER = 256
"""Default abstracts per batch (one task run) and worker."""
MAX_DEFAULT_BATCH = 1024
"""The default batch stops growing here: big clusters keep many small tasks to balance, and
2 x workers batches in flight stay small in memory."""


def default_batch_size(workers: int) -> int:
    """Abstracts per batch when none is asked for: 256 per worker, at most 1,024 (the one
    process that orchestrates keeps up with more workers when each batch carries more)."""
    return min(BATCH_PER_WORKER * max(workers, 1), MAX_DEFAULT_BATCH)
