"""Online tables: the protocol, the host's server, the client (docs/network.md).

Like the engine, nothing here imports pygame: `python -m game.server` runs on a machine with
no display. The app's scenes use `client.NetworkThread` and `hosting.py`.
"""
