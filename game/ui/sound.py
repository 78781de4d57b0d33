"""Sound effects: short WAVs from assets/sounds (made by build/make_sounds.py), played quietly.

Sound is never required. The mixer opens on the first sound played, so a silent game never
touches the audio device; with no audio device, Deckhand just stays silent. An open audio
device keeps a thread of SDL's awake (mixing silence: 0.2 % of a core here), so after a quiet
minute an idle window closes it again (`rest`), and the next sound opens it anew.
"""
from __future__ import annotations

import os
import time
from contextlib import contextmanager

import pygame

from ..resources import asset

NAMES = ("deal", "flip", "slide", "drop", "illegal", "win", "loss")
GAIN = 0.6  # effects sit under everything else: even full volume is gentle
QUIET_SECONDS = 60.0  # an idle window closes the audio device after this long with no sound
# Samples a mix: SDL's audio thread wakes once a buffer, mixing silence too. 512 (11.6 ms at
# 44.1 kHz) woke it 86 times a second, 0.3-0.4 % of a core at an idle table; 1024 (23 ms, under
# a frame and a half of delay before a sound starts) halves that.
MIXER_BUFFER = 1024


@contextmanager
def _quiet_stderr():
    """Hush C libraries (ALSA) that print to stderr while the audio device is probed."""
    try:
        saved = os.dup(2)
    except OSError:  # no stderr at all (a windowed app)
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class SoundBoard:
    """Plays the effects by name, obeying `owner.settings` (sound_on, volume 0..100)."""

    def __init__(self, owner):
        self.owner = owner
        self.sounds: dict | None = None  # None until first opened; {} when there is no audio
        self.error: str | None = None    # why there is no sound, if so
        self.last_played = 0.0  # time.monotonic() of the last sound

    def open(self) -> bool:
        if self.sounds is None:
            self.sounds = {}
            try:
                if not pygame.mixer.get_init():
                    with _quiet_stderr():
                        pygame.mixer.init(buffer=MIXER_BUFFER)
                self.sounds = {n: pygame.mixer.Sound(str(asset("sounds", f"{n}.wav"))) for n in NAMES}
            except Exception as exc:  # noqa: BLE001 - any failure here only means: no sound
                self.error = str(exc) or type(exc).__name__
        return bool(self.sounds)

    def play(self, name: str) -> None:
        settings = self.owner.settings
        if not settings.sound_on or settings.volume <= 0 or not self.open():
            return
        sound = self.sounds.get(name) if self.sounds is not None else None  # open() made it a dict
        if sound is None:
            return
        self.last_played = time.monotonic()
        try:
            sound.set_volume(GAIN * settings.volume / 100)
            sound.play()
        except pygame.error:
            pass

    def quiet_left(self, now: float | None = None) -> float | None:
        """Seconds until `rest` may close the audio device (at least a second: a sound still
        playing then is looked at again), None while it is closed."""
        if not self.sounds:
            return None
        now = time.monotonic() if now is None else now
        return max(1.0, QUIET_SECONDS - (now - self.last_played))

    def rest(self, now: float | None = None) -> bool:
        """Close the audio device after QUIET_SECONDS with no sound (the window is idle); the
        next sound opens it again. Whether it was closed now."""
        now = time.monotonic() if now is None else now
        if not self.sounds or now - self.last_played < QUIET_SECONDS:
            return False
        try:
            if pygame.mixer.get_init() and pygame.mixer.get_busy():
                return False
            pygame.mixer.quit()
        except pygame.error:
            return False
        self.sounds = None
        return True
