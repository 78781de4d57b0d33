"""Draw Deckhand's icon with its own card art: assets/icons/deckhand.png, .ico and .icns.

    python build/make_icon.py

The .ico (Windows) and .icns (macOS) hold PNG images, so pygame is all it needs.
"""
from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.ui import theme  # noqa: E402
from game.ui.cardart import CardArt  # noqa: E402

SIZE = 256
ICO_SIZES = (16, 32, 48, 64, 128, 256)
ICNS_TYPES = {b"icp4": 16, b"icp5": 32, b"icp6": 64, b"ic07": 128, b"ic08": 256}


def draw(size: int = SIZE) -> pygame.Surface:
    """A felt tile with a card back and the ace of spades fanned over it."""
    scale = 4  # draw big, smoothscale down for soft edges
    big = pygame.Surface((size * scale, size * scale), pygame.SRCALPHA)
    s = size * scale
    pygame.draw.rect(big, theme.FELT, (0, 0, s, s), border_radius=s // 5)
    pygame.draw.rect(big, theme.GOLD, (0, 0, s, s), width=s // 40, border_radius=s // 5)
    art = CardArt(card_set="large_index")  # the icon as committed: the big-index ace
    w, h = int(s * 0.46), int(s * 0.64)
    for card, angle, dx in ((art.back(w, h), 14, -0.12), (art.face("AS", w, h), -10, 0.1)):
        turned = pygame.transform.rotozoom(card, angle, 1.0)
        big.blit(turned, turned.get_rect(center=(s * (0.5 + dx), s * 0.52)))
    return pygame.transform.smoothscale(big, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    out = io.BytesIO()
    pygame.image.save(surface, out, "icon.png")
    return out.getvalue()


def png_at(icon: pygame.Surface, size: int) -> bytes:
    return png_bytes(icon if size == icon.get_width() else pygame.transform.smoothscale(icon, (size, size)))


def ico_bytes(images: list[bytes], sizes) -> bytes:
    """An ICO container around PNG images: header, directory, then the PNG data."""
    head = struct.pack("<HHH", 0, 1, len(images))
    offset = len(head) + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in zip(sizes, images):
        edge = 0 if size >= 256 else size  # 0 means 256
        entries += struct.pack("<BBBBHHII", edge, edge, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return head + entries + blobs


def icns_bytes(images: dict) -> bytes:
    """An ICNS container: {type: PNG data}, each entry with its big-endian length."""
    body = b"".join(kind + struct.pack(">I", 8 + len(data)) + data for kind, data in images.items())
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    pygame.display.init()
    pygame.font.init()
    icon = draw()
    folder = ROOT / "assets" / "icons"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deckhand.png").write_bytes(png_bytes(icon))
    (folder / "deckhand.ico").write_bytes(ico_bytes([png_at(icon, n) for n in ICO_SIZES], ICO_SIZES))
    (folder / "deckhand.icns").write_bytes(icns_bytes({k: png_at(icon, n) for k, n in ICNS_TYPES.items()}))
    print(f"wrote deckhand.png, .ico and .icns in {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
