"""Running the stages: the one orchestration sequence, the Prefect flow and schedules."""
