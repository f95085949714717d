"""make bench: woodshed against its peers, one module per comparison (see __main__ for the
list); jack, process_stats, wav, material, tools and report are shared by all of them."""
