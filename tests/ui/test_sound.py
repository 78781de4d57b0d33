"""The sound effects: files made by build/make_sounds.py, and a player that never gets in the way."""
import importlib.util
import os
import struct
import wave
from pathlib import Path
from types import SimpleNamespace
from unittest import mock

import pygame
import pytest

from game.resources import asset
from game.store.settings import Settings
from game.ui import sound
from game.ui.sound import GAIN, NAMES, SoundBoard

ROOT = Path(__file__).resolve().parents[2]


def frames_of(path):
    with wave.open(str(path)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
        n = w.getnframes()
        return struct.unpack(f"<{n}h", w.readframes(n))


@pytest.mark.parametrize("name", NAMES)
def test_each_sound_is_a_small_valid_wav(name):
    samples = frames_of(asset("sounds", f"{name}.wav"))
    seconds = len(samples) / 22050
    assert 0.1 < seconds <= (1.2 if name in ("win", "loss") else 0.5)
    peak = max(abs(s) for s in samples)
    assert 8000 < peak < 30000  # audible, never clipping
    assert abs(samples[0]) < 200 and abs(samples[-1]) < 200  # faded: no clicks


def test_the_script_remakes_the_committed_files(tmp_path):
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "build" / "make_sounds.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    script.main(tmp_path)
    for name in NAMES:
        made, kept = frames_of(tmp_path / f"{name}.wav"), frames_of(asset("sounds", f"{name}.wav"))
        assert len(made) == len(kept)
        assert max(abs(a - b) for a, b in zip(made, kept)) <= 1  # libm rounding at most


def board(**settings):
    return SoundBoard(SimpleNamespace(settings=Settings(**settings)))


def fake_sounds(b):
    b.sounds = {name: mock.Mock() for name in NAMES}
    return b.sounds


def test_play_obeys_on_off_and_volume():
    b = board(sound_on=False)
    sounds = fake_sounds(b)
    b.play("deal")
    b.owner.settings.sound_on, b.owner.settings.volume = True, 0
    b.play("deal")
    assert not sounds["deal"].play.called
    b.owner.settings.volume = 50
    b.play("deal")
    sounds["deal"].set_volume.assert_called_once_with(GAIN * 0.5)
    sounds["deal"].play.assert_called_once()
    b.play("no such sound")  # unknown names are ignored


def test_sound_off_never_opens_the_mixer(monkeypatch):
    init = mock.Mock()
    monkeypatch.setattr(pygame.mixer, "init", init)
    board(sound_on=False).play("win")
    assert not init.called


def test_no_audio_device_means_silence_without_errors(monkeypatch, capfd):
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", mock.Mock(side_effect=pygame.error("no audio device")))
    b = board()
    for name in NAMES * 3:
        b.play(name)
    assert b.sounds == {} and b.error == "no audio device"
    assert pygame.mixer.init.call_count == 1  # tried once, then quiet
    assert capfd.readouterr() == ("", "")


def test_a_missing_mixer_module_is_no_sound(monkeypatch):
    monkeypatch.setattr(pygame.mixer, "get_init", mock.Mock(side_effect=NotImplementedError))
    b = board()
    b.play("deal")
    assert b.sounds == {} and b.error


def test_the_mixer_plays_the_real_files():
    b = board()
    if not b.open():
        pytest.skip(f"no mixer here: {b.error}")
    assert set(b.sounds) == set(NAMES)
    assert 0.2 < b.sounds["drop"].get_length() < 0.5
    b.play("flip")


def test_quiet_stderr_hushes_c_libraries_then_restores(capfd):
    with sound._quiet_stderr():
        os.write(2, b"ALSA lib noise\n")
    os.write(2, b"still here\n")
    err = capfd.readouterr().err
    assert "ALSA" not in err and "still here" in err


def test_an_idle_window_closes_the_audio_device_after_a_quiet_minute_and_sound_comes_back(
        monkeypatch):
    """An open audio device keeps SDL's audio thread mixing silence while the table sits idle."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    b = board(sound_on=True, volume=80)
    pygame.mixer.quit()
    b.play("deal")
    assert pygame.mixer.get_init() and b.sounds
    played = b.last_played
    assert not b.rest(played + 5)  # a player thinking: the device stays open
    assert pygame.mixer.get_init()
    pygame.mixer.stop()
    assert b.rest(played + sound.QUIET_SECONDS)
    assert not pygame.mixer.get_init() and b.sounds is None
    assert not b.rest(played + 2 * sound.QUIET_SECONDS)  # (nothing left to close)
    b.play("drop")  # the next sound opens it again
    assert pygame.mixer.get_init() and b.sounds and b.last_played > played
    pygame.mixer.quit()


def test_a_sound_still_playing_keeps_the_device_open(monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    b = board(sound_on=True, volume=80)
    pygame.mixer.quit()
    b.play("win")
    monkeypatch.setattr(pygame.mixer, "get_busy", lambda: True)
    assert not b.rest(b.last_played + sound.QUIET_SECONDS + 1)
    assert pygame.mixer.get_init()
    monkeypatch.undo()
    pygame.mixer.quit()
