"""Runs a piece of the app in a child process under a private Xvfb: the tests' own SDL is the
dummy one. `.ci/run` installs Xvfb; without it the tests that need one are skipped."""
import json
import shutil
import subprocess
import sys

import pytest

from tests.bench.env import ROOT, child_env, xvfb

needs_xvfb = pytest.mark.skipif(not shutil.which("Xvfb"), reason="needs Xvfb (.ci/run installs it)")


def run_under_xvfb(code: str, screen: str, timeout: float) -> dict:
    """What `code` prints last (a line of JSON), run under an Xvfb with a `screen` of WxHxD."""
    with xvfb(screen) as display:
        assert display, "Xvfb would not start"
        proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=child_env(display),
                              capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])
