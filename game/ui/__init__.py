"""What the scenes share: card art, sprites, tweens, drag and drop, widgets, layouts."""
