"""Start Deckhand: `python main.py --help` lists the flags."""
import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
