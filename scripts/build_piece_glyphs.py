"""Draw the pieces' characters as SVG paths, so the board needs no font (issue 22).

    python scripts/build_piece_glyphs.py            # writes the two files below
    python scripts/build_piece_glyphs.py --check    # exit 1 if they differ from a fresh build

A board drawn with text shows empty boxes on a machine without a CJK font. This script
takes the outlines of the fourteen traditional characters 帥將仕士相象傌馬俥車炮砲兵卒
from **Noto Serif CJK TC Bold**, and the Latin letters of the beginners' set from **Noto
Sans CJK TC Bold** (both SIL Open Font License 1.1, Debian's ``fonts-noto-cjk``), and writes

* ``src/cotuong/server/web/static/js/ui/glyphs.js``: an ES module with one SVG path per
  piece and set (generated; never edit it by hand), read by ``ui/board.js`` and
  ``ui/miniboard.js``;
* ``src/cotuong/server/web/static/pieces/pieces.svg``: the same paths as a sheet of
  ``<symbol>`` elements, for people and other programs;
* ``src/cotuong/server/web/static/img/icon.svg``: the site's icon, Red's 帥 in its disc.

The river's words 楚河 漢界 are drawn the same way, so nothing on the board is text in a
CJK font.

The licence and attribution travel beside them (``static/pieces/OFL.txt``,
``static/pieces/README.md``). Each outline is scaled so that the font's em is 100 units,
flipped to SVG's downward y, and centred on (0, 0) by its bounding box (a piece's disc is
round: the ink, not the em box, must sit in its middle); coordinates are rounded to 0.1
unit, so the output is byte-for-byte reproducible from the same font file (its version
and SHA-256 are written in the header). Needs ``fontTools`` (PyPI ``fonttools``).

>>> _letters_layout("Tg")  # the beginners' labels may have two letters
['T', 'g']
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "src" / "cotuong" / "server" / "web" / "static"
MODULE = STATIC / "js" / "ui" / "glyphs.js"
SHEET = STATIC / "pieces" / "pieces.svg"
ICON = STATIC / "img" / "icon.svg"
FONTS = Path("/usr/share/fonts/opentype/noto")
SERIF = ("NotoSerifCJK-Bold.ttc", "Noto Serif CJK TC")
SANS = ("NotoSansCJK-Bold.ttc", "Noto Sans CJK TC")

# FEN letter -> character (Red upper case, Black lower case), as ui/fen.js names them.
TRADITIONAL = {
    "K": "帥", "A": "仕", "B": "相", "N": "傌", "R": "俥", "C": "炮", "P": "兵",
    "k": "將", "a": "士", "b": "象", "n": "馬", "r": "車", "c": "砲", "p": "卒",
}
# The beginners' set: the piece's initial, per language (the English letters of WXF
# K A E H R C P; the Vietnamese of the books, Tg S T M X P B). Both colours share them.
LETTERS = {
    "en": {"K": "K", "A": "A", "B": "E", "N": "H", "R": "R", "C": "C", "P": "P"},
    "vi": {"K": "Tg", "A": "S", "B": "T", "N": "M", "R": "X", "C": "P", "P": "B"},
}
# The river's words, drawn too (楚河 漢界: "the Chu river, the Han border").
RIVER = {"chu": "楚 河", "han": "漢 界"}
EM = 100.0


class GlyphBuildError(ValueError):
    """The font is missing, is not the expected face, or lacks a character."""

    code = "GLYPH_BUILD"


@dataclass(frozen=True, slots=True)
class Shape:
    """One drawn label: its path (centred on 0,0, em = 100) and its ink's width and height."""

    d: str
    width: float
    height: float


def _letters_layout(label: str) -> list[str]:
    """The characters of a label, in drawing order."""
    return list(label)


def _open_face(file: str, family: str):  # type: ignore[no-untyped-def]
    from fontTools.ttLib import TTCollection

    path = FONTS / file
    if not path.exists():
        raise GlyphBuildError(f"{path} not found: install Debian's fonts-noto-cjk")
    for face in TTCollection(str(path)).fonts:
        if face["name"].getDebugName(1) == family:
            return path, face
    raise GlyphBuildError(f"{path} has no face named {family!r}")


def _shape(face, label: str) -> Shape:  # type: ignore[no-untyped-def]
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.pens.transformPen import TransformPen

    cmap = face.getBestCmap()
    glyphs = face.getGlyphSet()
    scale = EM / face["head"].unitsPerEm
    placed: list[tuple[str, float]] = []
    x = 0.0
    for ch in _letters_layout(label):
        name = cmap.get(ord(ch))
        if name is None:
            raise GlyphBuildError(f"the font has no glyph for {ch!r}")
        placed.append((name, x))
        x += glyphs[name].width
    bounds = BoundsPen(glyphs)
    for name, dx in placed:
        glyphs[name].draw(TransformPen(bounds, (1, 0, 0, 1, dx, 0)))
    if bounds.bounds is None:
        raise GlyphBuildError(f"{label!r} has no outline")
    x0, y0, x1, y1 = bounds.bounds
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    pen = SVGPathPen(glyphs, ntos=lambda v: f"{round(v, 1):g}")
    for name, dx in placed:
        # Font units, y up -> em 100, y down, centred on the ink's middle.
        glyphs[name].draw(TransformPen(pen, (scale, 0, 0, -scale, (dx - cx) * scale, cy * scale)))
    return Shape(pen.getCommands(), round((x1 - x0) * scale, 1), round((y1 - y0) * scale, 1))


def _source(path: Path, face) -> dict[str, str]:  # type: ignore[no-untyped-def]
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    return {"file": path.name, "face": face["name"].getDebugName(4) or "",
            "version": face["name"].getDebugName(5) or "", "sha256": digest}


def build() -> tuple[str, str, str]:
    """The module's, the sheet's and the site icon's text, from the installed fonts."""
    serif_path, serif = _open_face(*SERIF)
    sans_path, sans = _open_face(*SANS)
    sets: dict[str, dict[str, Shape]] = {
        "traditional": {k: _shape(serif, ch) for k, ch in TRADITIONAL.items()},
    }
    for lang, table in LETTERS.items():
        sets[f"letters-{lang}"] = {k: _shape(sans, label) for k, label in table.items()}
    sets["river"] = {k: _shape(serif, words) for k, words in RIVER.items()}
    sources = [_source(serif_path, serif), _source(sans_path, sans)]
    return _module(sets, sources), _sheet(sets, sources), _icon(sets["traditional"]["K"])


def _module(sets: dict[str, dict[str, Shape]], sources: list[dict[str, str]]) -> str:
    lines = [
        "// GENERATED by scripts/build_piece_glyphs.py — do not edit by hand.",
        "// The pieces' characters as SVG paths (em = 100 units, centred on 0,0), so the board",
        "// needs no font. Outlines from Noto Serif CJK and Noto Sans CJK, © 2014-2021 Adobe",
        "// (http://www.adobe.com/), with Reserved Font Name 'Source'; SIL Open Font License 1.1",
        "// (static/pieces/OFL.txt, attribution in static/pieces/README.md).",
    ]
    lines += [f"// Source: {s['face']}, {s['version']}, {s['file']} sha256 {s['sha256']}"
              for s in sources]
    lines.append("")
    lines.append("/** Per set, per FEN letter (``river``: its two words): ``{d, w, h}``, the path "
                 "and its ink's size. */")
    lines.append("export const GLYPH_SETS = {")
    for name, shapes in sets.items():
        lines.append(f"  {json.dumps(name)}: {{")
        for letter, s in shapes.items():
            key = json.dumps(letter) if len(letter) > 1 else letter
            lines.append(f"    {key}: {{ w: {s.width:g}, h: {s.height:g}, d: {json.dumps(s.d)} }},")
        lines.append("  },")
    lines.append("};")
    return "\n".join(lines) + "\n"


def _sheet(sets: dict[str, dict[str, Shape]], sources: list[dict[str, str]]) -> str:
    out = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="-50 -50 100 100">',
           "<!-- GENERATED by scripts/build_piece_glyphs.py. Outlines from Noto Serif CJK and",
           "     Noto Sans CJK (c) 2014-2021 Adobe, SIL Open Font License 1.1 (OFL.txt). -->"]
    out += [f"<!-- {s['face']}, {s['version']}, sha256 {s['sha256']} -->" for s in sources]
    for name, shapes in sets.items():
        for letter, s in shapes.items():
            out.append(f'<symbol id="{name}-{letter}" viewBox="-50 -50 100 100">'
                       f'<path d="{s.d}"/></symbol>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _icon(king: Shape) -> str:
    """The site's icon: Red's general 帥 in its disc (an outline, like the board's)."""
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
            '<circle cx="32" cy="32" r="29" fill="#f7ead3" stroke="#8a6a3a" stroke-width="3"/>'
            '<circle cx="32" cy="32" r="23" fill="none" stroke="#b3261e" stroke-width="2"/>'
            f'<path fill="#b3261e" transform="translate(32 32) scale(0.33)" d="{king.d}"/></svg>\n')


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="compare with the committed files instead of writing them")
    args = parser.parse_args(argv)
    try:
        module, sheet, icon = build()
    except GlyphBuildError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.check:
        stale = [p for p, text in ((MODULE, module), (SHEET, sheet), (ICON, icon))
                 if not p.exists() or p.read_text(encoding="utf-8") != text]
        for p in stale:
            print(f"{p.relative_to(ROOT)} differs from a fresh build", file=sys.stderr)
        return 1 if stale else 0
    SHEET.parent.mkdir(parents=True, exist_ok=True)
    MODULE.write_text(module, encoding="utf-8")
    SHEET.write_text(sheet, encoding="utf-8")
    ICON.write_text(icon, encoding="utf-8")
    print(f"wrote {MODULE.relative_to(ROOT)} ({len(module)} bytes) and {SHEET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
