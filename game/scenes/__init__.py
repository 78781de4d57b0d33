"""Scenes on a stack: the menu, one scene per game, and dialogs over them."""
