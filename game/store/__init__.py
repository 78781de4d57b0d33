"""Settings, saved games and statistics in the user's data folders, as versioned JSON."""
