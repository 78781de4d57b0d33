"""Build Doubloons positions for tests: name the cards where they matter, the rest fill the decks."""
from game.engine import doubloons as D
from game.engine.doubloons_cards import kind_of


def table(seats=3, hands=None, purses=None, crews=None, row=None, top=(), turn=0, pirate_top=(),
          discard=(), options=None):
    """A position at the start of `turn`'s turn, after the draw (no card is drawn here).

    hands: {seat: [kinds]}, crews: {seat: [pirates]}, row: the face-up pirates (rest empty),
    top: kinds on top of the action deck, pirate_top: pirates on top of the pirate deck."""
    free = list(D.ACTION_DECK)

    def take(kind):
        code = next(c for c in free if kind_of(c) == kind)
        free.remove(code)
        return code

    hand_cards = [[take(k) for k in (hands or {}).get(p, [])] for p in range(seats)]
    top_cards = [take(k) for k in top]
    discards = [take(k) for k in discard]
    crews = [list((crews or {}).get(p, [])) for p in range(seats)]
    row = list(row if row is not None else [])
    placed = {p for c in crews for p in c} | set(row) | set(pirate_top)
    rest = [p for p in D.PIRATES if p not in placed]
    row = row + [None] * (D.ROW_SIZE - len(row))
    s = D.State(seats=seats, options=D.resolve_options(D.OPTIONS, options), seed=1, rng=12345,
                deck=top_cards + free, discard=discards, hands=hand_cards,
                purses=list(purses or [0] * seats), crews=crews, row=row,
                pirate_deck=list(pirate_top) + rest, pirate_discard=[], disabled={}, turn=turn,
                turn_no=1, plays=0, used=[], discounts={}, played=[], last_card=None, shields=[],
                pending=[], queue=[], choice=None, phase=D.PLAY, winners=[], log=[],
                notes=[[] for _ in range(seats)], revealed=0)
    D.from_json(D.to_json(s))  # a legal position
    return s


def kinds(cards) -> list:
    return sorted(kind_of(c) for c in cards)


def act(s, *texts):
    """Apply actions in order; each must be legal."""
    for t in texts:
        s = D.apply(s, t)
    return s


def play(s, text):
    """Apply a play and let every asked seat pass: the play resolves."""
    s = D.apply(s, text)
    while s.phase == D.REACT:
        s = D.apply(s, "let it pass")
    return s


def texts(s) -> list:
    return [a.text for a in D.legal_actions(s)]
