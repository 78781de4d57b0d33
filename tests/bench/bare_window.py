"""The floor for start-up: the least a pygame-ce program does to put a frame on screen."""
import os
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")  # as game/app.py does
import pygame  # noqa: E402

pygame.display.init()
pygame.display.set_mode((1280, 800), pygame.RESIZABLE).fill((18, 84, 52))
pygame.display.flip()
print(f"deckhand: first frame at {time.time():.6f}", flush=True)
pygame.quit()
