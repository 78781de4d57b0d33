"""A drop zone's wash is two blended fills that look as a translucent layer's blit would."""
import pygame

from game.ui.widgets import wash, wash_rim


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


def test_a_rim_wash_tints_the_edges_once_and_leaves_the_middle():
    plain = pygame.Surface((60, 40))
    plain.fill((40, 90, 50))
    rimmed, washed = plain.copy(), plain.copy()
    area = pygame.Rect(5, 5, 50, 30)
    wash_rim(rimmed, area, (232, 190, 80), 80, 6)
    wash(washed, area, (232, 190, 80), 80)
    tinted = washed.get_at((30, 20))
    for point in ((5, 5), (54, 34), (10, 20), (50, 20), (30, 5), (30, 34), (10, 10), (49, 29)):
        assert rimmed.get_at(point) == tinted, point  # washed as a whole wash would, once
    for point in ((11, 11), (30, 20), (48, 28), (4, 4), (55, 35)):
        assert rimmed.get_at(point) == plain.get_at(point), point
