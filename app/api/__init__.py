"""The HTTP edge: thin routers that translate HTTP to runtime calls."""
