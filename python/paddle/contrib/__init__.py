"""paddle.contrib: experimental APIs, promoted to the stable namespace through an
API-spec change (see api_spec/)."""
