"""The game server: a FastAPI app over the engine and the storage (see docs/web-api.md)."""
