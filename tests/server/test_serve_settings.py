"""Every setting can be given to ``cotuong serve`` (``--set NAME=VALUE``), typed as the
setting is, and a wrong name or value is a clear error before anything starts."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from cotuong.server.settings import SettingError, Settings, setting_from_text


def _as_text(value: object) -> str:
    if isinstance(value, tuple):
        return ",".join(str(x) for x in value)
    if isinstance(value, bytes):
        return value.decode()
    return "none" if value is None else str(value)


@pytest.mark.parametrize("field", [f for f in dataclasses.fields(Settings)],
                         ids=lambda f: f.name)
def test_every_setting_reads_back_its_own_default(field: dataclasses.Field[object]) -> None:
    default = field.default
    name, value = setting_from_text(f"{field.name}={_as_text(default)}")
    assert name == field.name and value == default


@pytest.mark.parametrize(("text", "words"), [
    ("login_rat=2", "no setting is called 'login_rat'"),
    ("login_rate=fast", "login_rate takes float, not 'fast'"),
    ("live_max=2.5", "live_max takes int"),
    ("secure_cookies=maybe", "secure_cookies takes bool"),
    ("login_rate", "a setting is NAME=VALUE"),
])
def test_a_bad_setting_is_named(text: str, words: str) -> None:
    with pytest.raises(SettingError, match=words.replace("(", r"\(")) as err:
        setting_from_text(text)
    assert err.value.code == "BAD_SETTING"


def test_serve_refuses_an_unknown_setting_before_starting() -> None:
    r = subprocess.run([sys.executable, "-m", "cotuong.cli", "serve", "--port", "0",
                        "--db", "sqlite://", "--set", "live_maxx=3"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode != 0
    assert "no setting is called 'live_maxx'" in r.stderr and "Traceback" not in r.stderr


def test_set_is_repeatable_beside_the_named_options() -> None:
    import argparse

    from cotuong.cli import server as serve_cli
    p = argparse.ArgumentParser()
    serve_cli.register(p.add_subparsers())
    args = p.parse_args(["serve", "--set", "login_burst=99", "--set", "header_timeout_s=3",
                         "--header-timeout", "7"])
    assert args.set == ["login_burst=99", "header_timeout_s=3"]
    assert args.header_timeout == 7
