"""Start Deckhand: `python main.py --help` lists the flags."""
import sys

from game.app import main

if __name__ == "__main__":
    sys.exit(main())
