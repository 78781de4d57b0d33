"""How another thread wakes the window while it sleeps (it naps until input, a change a scene
foresees, or this): a network message, say. No pygame here: the server side uses it too."""
import threading

requested = threading.Event()


def wake() -> None:
    requested.set()
