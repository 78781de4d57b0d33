"""Every rules module says each of its actions in words, with suit symbols (docs/engine.md)."""
import random
import re

import pytest

from game.engine import games

RAW_CARD = re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b\*?")


def some_actions(rules, seats, plays=3, moves=400):
    """Legal action texts met along a few random games."""
    seen = set()
    for seed in range(plays):
        pick = random.Random(seed)
        state = rules.new_game(seats, seed)
        for _ in range(moves):
            if rules.is_over(state):
                break
            legal = rules.legal_actions(state)
            seen.update(str(a) for a in legal)
            state = rules.apply(state, pick.choice(legal))
    return seen


@pytest.mark.parametrize("game_id", games.available())
def test_every_action_reads_as_words(game_id):
    rules = games.get(game_id)
    texts = some_actions(rules, max(rules.SEATS[0], min(3, rules.SEATS[1])))
    assert texts
    for text in texts:
        words = rules.action_words(text)
        assert isinstance(words, str) and words.strip(), text
        assert not RAW_CARD.search(words), (text, words)
        assert words[0].isupper(), (text, words)


def test_examples():
    assert games.get("scoundrel").action_words("face 10C with weapon") == \
        "Fight 10\u2663 with your weapon"
    assert games.get("bogey").action_words("place 7H in a new column") == \
        "Place the bogey's 7\u2665 in a new column"
    assert games.get("abandon_ship").action_words("attack seat 2 with 9S*") == \
        "Attack {p1} with 9\u2660"
    assert games.get("lamarckian_poker").action_words("mark QD") == "Mark with Q\u2666"
