"""Stopping cleanly when the system asks, without a "Quit Deckhand?" dialog nobody will answer.

POSIX: SIGTERM (`kill`, a logout), SIGHUP (the terminal closed) and SIGINT (Ctrl+C). Windows:
Ctrl+C and Ctrl+Break, and the console's close, logoff and shutdown events. A handler only
notes the request; the frame loop sees it, saves the game in progress and exits. On Windows
the process ends as soon as the console handler returns, so it waits (a few seconds at most)
until the loop says it is done.
"""
from __future__ import annotations

import signal
import sys
import threading

POSIX_SIGNALS = ("SIGTERM", "SIGHUP", "SIGINT")
WINDOWS_SIGNALS = ("SIGINT", "SIGBREAK")
WINDOWS_EVENTS = {2: "the console was closed", 5: "a logoff", 6: "a shutdown"}
WINDOWS_GRACE_MS = 4000  # Windows allows about 5 s before it ends the process anyway


class StopRequests:
    """Install while the loop runs: `reason` becomes a text once the system asks to stop."""

    def __init__(self):
        self.reason: str | None = None
        self.done = threading.Event()
        self.previous: dict = {}
        self.console_handler = None

    def on_signal(self, number, frame) -> None:
        self.reason = signal.Signals(number).name

    def install(self) -> None:
        names = WINDOWS_SIGNALS if sys.platform == "win32" else POSIX_SIGNALS
        for name in names:
            number = getattr(signal, name, None)
            if number is None:
                continue
            try:
                self.previous[number] = signal.signal(number, self.on_signal)
            except (ValueError, OSError):  # not the main thread, or not allowed here
                continue
        if sys.platform == "win32":
            self.install_console_handler()

    def on_console_event(self, event: int) -> bool:
        """Windows calls this on a thread of its own; the process ends when it returns."""
        if event not in WINDOWS_EVENTS:
            return False  # Ctrl+C and Ctrl+Break arrive as signals
        self.reason = WINDOWS_EVENTS[event]
        self.done.wait(WINDOWS_GRACE_MS / 1000)  # until the loop has saved and closed
        return True

    def install_console_handler(self) -> None:
        # The platform checks here and in `uninstall` also let mypy check these lines against
        # Windows' ctypes when run on Windows, and skip them elsewhere (where they do not exist).
        if sys.platform != "win32":
            return
        import ctypes
        from ctypes import wintypes
        handler_type = ctypes.WINFUNCTYPE(wintypes.BOOL, wintypes.DWORD)
        self.console_handler = handler_type(self.on_console_event)  # kept alive while installed
        ctypes.windll.kernel32.SetConsoleCtrlHandler(self.console_handler, True)

    def uninstall(self) -> None:
        """Put the earlier handlers back, and let a waiting console handler return."""
        for number, handler in self.previous.items():
            try:
                signal.signal(number, handler)
            except (ValueError, OSError, TypeError):
                continue
        self.previous = {}
        if sys.platform == "win32" and self.console_handler is not None:
            import ctypes
            ctypes.windll.kernel32.SetConsoleCtrlHandler(self.console_handler, False)
        self.done.set()
