"""An asyncio loop on a thread of its own: how the app's network client and its host run
beside the frame loop (which never waits for the network)."""
from __future__ import annotations

import asyncio
import threading
from abc import ABC, abstractmethod


class LoopThread(ABC):
    """Runs `main()` on `self.loop` in a daemon thread until it returns, then closes the loop."""

    loop: asyncio.AbstractEventLoop
    thread: threading.Thread

    def start_thread(self, name: str) -> None:
        self.thread = threading.Thread(target=self.run, name=name, daemon=True)
        self.thread.start()

    def run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self.main())
        finally:
            self.loop.close()

    @abstractmethod
    async def main(self) -> None:
        """What the thread does; it ends when this returns."""
