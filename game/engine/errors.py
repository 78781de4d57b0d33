class IllegalAction(ValueError):
    """An action the rules do not allow; the message is meant for the player."""
