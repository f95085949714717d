// Intentionally empty: the header carries the hooks.
