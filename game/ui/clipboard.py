"""Text to the system clipboard (pygame-ce's pygame.scrap.put_text, on SDL's clipboard)."""
from __future__ import annotations

import pygame


def copy(text: str) -> bool:
    """Put `text` on the clipboard; False where there is none (no display, no clipboard)."""
    try:
        import pygame.scrap as scrap
        scrap.put_text(text)
    except (ImportError, AttributeError, NotImplementedError, pygame.error, OSError):
        return False
    return True
