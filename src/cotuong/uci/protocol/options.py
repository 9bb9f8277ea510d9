"""Engine options, both directions: the ``option`` lines of an engine's handshake
(:func:`parse_option`) and ``setoption`` in either dialect (:func:`setoption_command`
for the client, :func:`parse_setoption` for the server).

>>> parse_setoption(setoption_command("Hash", "64", "uci").split()[1:])
('Hash', '64')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cotuong.uci.errors import EngineProtocolError, UciCommandError
from cotuong.uci.protocol.wire import ProtocolName


@dataclass(frozen=True, slots=True)
class EngineOption:
    """One ``option`` an engine announced in its handshake.

    >>> parse_option("option name Hash type spin default 16 min 1 max 33554432")
    EngineOption(name='Hash', type='spin', default='16', min=1, max=33554432, choices=())
    >>> parse_option("option usemillisec type check default false").name
    'usemillisec'
    """

    name: str
    type: str
    default: str | None = None
    min: int | None = None
    max: int | None = None
    choices: tuple[str, ...] = ()


def parse_option(line: str) -> EngineOption:
    """Read an ``option`` line (UCI ``option name X type …``; UCCI ``option X type …``)."""
    tokens = line.split()
    if len(tokens) < 2 or tokens[0] != "option":
        raise EngineProtocolError(f"malformed option line from engine: {line!r}")
    keys = {"name", "type", "default", "min", "max", "var"}
    values: dict[str, list[str]] = {}
    choices: list[str] = []
    current = "name"
    i = 1
    if tokens[1] == "name":
        i = 2
    buf: list[str] = []
    for tok in tokens[i:]:
        # A name may contain spaces (``Clear Hash``); only ``type`` ends it.
        if tok in keys and (current != "name" or tok == "type"):
            if current == "var":
                choices.append(" ".join(buf))
            else:
                values[current] = buf
            current, buf = tok, []
        else:
            buf.append(tok)
    if current == "var":
        choices.append(" ".join(buf))
    else:
        values[current] = buf
    name = " ".join(values.get("name", []))
    if not name:
        raise EngineProtocolError(f"option without a name from engine: {line!r}")

    def num(key: str) -> int | None:
        if key not in values:
            return None
        try:
            return int(" ".join(values[key]))
        except ValueError:
            raise EngineProtocolError(f"option {name!r}: {key} is not a number") from None

    default = " ".join(values["default"]) if "default" in values else None
    return EngineOption(name, " ".join(values.get("type", [])), default,
                        num("min"), num("max"), tuple(choices))


def setoption_command(name: str, value: str, protocol: ProtocolName) -> str:
    """``setoption name N value V`` (UCI) or ``setoption N V`` (UCCI).

    >>> setoption_command("Hash", "64", "ucci")
    'setoption Hash 64'
    """
    if protocol == "uci":
        return f"setoption name {name} value {value}"
    return f"setoption {name} {value}"


def parse_setoption(args: Sequence[str]) -> tuple[str, str]:
    """``(name, value)`` of a ``setoption`` command, either dialect (``args`` after
    ``setoption``); the value is ``""`` for a UCI button.

    >>> parse_setoption("name Clear Hash".split()), parse_setoption(["hashsize", "64"])
    (('Clear Hash', ''), ('hashsize', '64'))
    """
    if args and args[0] == "name":
        if "value" in args:
            at = list(args).index("value")
            return " ".join(args[1:at]), " ".join(args[at + 1:])
        return " ".join(args[1:]), ""
    if args:  # UCCI: setoption <name> <value>
        return args[0], " ".join(args[1:])
    raise UciCommandError("'setoption' needs an option name")
