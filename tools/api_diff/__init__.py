"""API governance tools: the spec writers and the staleness check (CLI:
`python -m tools.api_diff generate|check`; see tools/api_diff/README.md)."""
