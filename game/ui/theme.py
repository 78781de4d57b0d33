"""Colours and sizes shared by every scene."""

FELT = (22, 92, 58)
FELT_DARK = (14, 66, 42)
FELT_LIGHT = (34, 118, 76)
INK = (245, 242, 232)
INK_DIM = (196, 214, 200)
GOLD = (246, 200, 76)
RED = (232, 84, 72)
GREEN = (120, 220, 130)
PANEL = (16, 40, 30, 215)
PANEL_EDGE = (246, 200, 76)
BUTTON = (238, 232, 214)
BUTTON_HOVER = (255, 248, 226)
BUTTON_TEXT = (30, 40, 34)
BUTTON_DISABLED = (120, 140, 128)
SHADE = (0, 0, 0, 150)

TABLE_COLOURS = {"green": FELT, "blue": (24, 64, 104), "red": (104, 32, 36), "grey": (60, 66, 70)}
OPAQUE_PANEL = (12, 34, 25, 255)   # dialogs and the log: nothing shows through their text
CAPTION = (24, 30, 26, 255)        # a computer's move, by its seat

# Controls (game/ui/controls.py): one language for every screen.
BODY = 16                          # the smallest size a control's label is drawn at
BUTTON_PRESSED = (214, 204, 178)
TRACK = (8, 28, 20)                # the well of a switch, a set of segments, a chooser
TRACK_EDGE = (90, 130, 104)
TRACK_HOVER = (30, 66, 48)
FIELD = (250, 246, 232)            # a text field: light, as paper
FIELD_EDGE = (150, 160, 150)
PLACEHOLDER = (140, 140, 128)
SELECTION = (250, 214, 120)
SWITCH_ON = (84, 176, 104)
