"""A drop zone's wash is two blended fills that look as a translucent layer's blit would."""
import pygame

from game.ui.widgets import wash


def test_a_wash_looks_like_a_translucent_layer():
    for felt in ((26, 95, 60), (0, 0, 0), (255, 255, 255), (120, 40, 200)):
        blitted = pygame.Surface((8, 8))
        blitted.fill(felt)
        washed = blitted.copy()
        layer = pygame.Surface((8, 8), pygame.SRCALPHA)
        layer.fill((232, 190, 80, 60))
        blitted.blit(layer, (0, 0))
        wash(washed, pygame.Rect(2, 2, 4, 4), (232, 190, 80), 60)
        inside, outside = washed.get_at((3, 3)), washed.get_at((0, 0))
        assert all(abs(a - b) <= 2 for a, b in zip(inside, blitted.get_at((3, 3))))
        assert outside[:3] == felt  # only the area asked for
