"""`judge map`: a variant's board as the pictures draw it, for checking it by eye or by
program (issue 33). `--geojson` prints its regions and links (variants/geojson.py),
`--svg` the blank board as drawn, `--png FILE` writes that board as a PNG, `--gallery DIR`
writes a small PNG of each named variant's starting position (docs/pictures.md's gallery),
and `--check` prints, for each variant named (all without a name), whether its regions
touch exactly where its provinces are adjacent (variants/adjacency_check.py)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def add_parser(commands: Any) -> None:
    """Add `map` to the `judge` command's subcommands."""
    mp = commands.add_parser("map", help="a variant's board: GeoJSON, SVG, or its check")
    mp.add_argument("variants", nargs="*", metavar="VARIANT", help="the variant(s)")
    shown = mp.add_mutually_exclusive_group()
    shown.add_argument("--geojson", action="store_true", help="its regions and links")
    shown.add_argument("--svg", action="store_true", help="the blank board as drawn")
    shown.add_argument("--png", metavar="FILE", type=Path, help="write the blank board here")
    shown.add_argument(
        "--check", action="store_true", help="precision and recall of borders (all variants)"
    )
    shown.add_argument(
        "--gallery", metavar="DIR", type=Path, help="small PNGs of the starting positions"
    )
    mp.set_defaults(run=_map, settings_free=True)


def _map(_settings: object, args: argparse.Namespace) -> int:
    import variants
    from variants.draft import VariantError

    known = variants.available()
    unknown = [n for n in args.variants if n not in known]
    if unknown:
        print(f"judge map: no variant {unknown[0]!r} (judge variants lists them)", file=sys.stderr)
        return 2
    try:
        if args.check:
            return _check([variants.load(n) for n in args.variants or known])
        if args.gallery:
            args.gallery.mkdir(parents=True, exist_ok=True)
            for name in args.variants:
                data = gallery_png(variants.load(name))
                (args.gallery / f"{name}.png").write_bytes(data)
                print(f"{name}: {args.gallery / name}.png, {len(data):,} bytes")
            return 0
        if len(args.variants) != 1:
            print("judge map: name one variant (or give --check)", file=sys.stderr)
            return 2
        variant = variants.load(args.variants[0])
        if args.geojson:
            from variants.geojson import board_geojson

            print(json.dumps(board_geojson(variant), separators=(",", ":")))
            return 0
        from judge.reports.pictures.static import blank_board

        svg = blank_board(variant)
        if args.png:
            from judge.reports.pictures.raster import png_by_resvg

            args.png.write_bytes(png_by_resvg(svg))
            return 0
        print(svg)
        return 0
    except (VariantError, OSError) as exc:
        print(f"judge map: {exc}", file=sys.stderr)
        return 1


def _check(chosen: list) -> int:
    """The table; 1 if a variant's picture is not exact."""
    from variants.adjacency_check import check, table

    checks = [check(v) for v in chosen]
    print(table(checks))
    return 0 if all(c.exact for c in checks) else 1


GALLERY_WIDTH = 640  # pixels across (or down, for a tall board), at most
GALLERY_LIMIT = 80_000  # bytes


def gallery_png(variant: Any) -> bytes:
    """The variant's starting position as every picture draws it, shrunk to at most
    GALLERY_WIDTH pixels across and written in few colours, to stay under GALLERY_LIMIT."""
    import io

    from PIL import Image

    from judge.reports.pictures import picture
    from judge.reports.pictures.scene import Scene, Unit

    units = tuple(Unit(u.power, u.type, u.location) for u in variant.units)
    counts = {p.name: len(p.homes) for p in variant.powers}
    owners = {c: p.name for p in variant.powers for c in p.homes}
    scene = Scene(f"{variant.title}: the starting position", units, owners, counts)
    drawn = Image.open(io.BytesIO(picture(variant, scene, variant.name).png))
    image = drawn.convert("RGB")
    # The picture's own palette (its powers' colours kept), or a smaller one if need be.
    palettes = [drawn] if drawn.mode == "P" else []
    out = io.BytesIO()
    for width in (GALLERY_WIDTH, 560, 480, 400):
        scale = min(1.0, width / max(image.width, image.height))
        size = (round(image.width * scale), round(image.height * scale))
        small = image.resize(size, Image.Resampling.LANCZOS)
        for palette in palettes or [None]:
            out = io.BytesIO()
            if palette is None:
                indexed = small.quantize(128, method=Image.Quantize.FASTOCTREE)
            else:
                indexed = small.quantize(palette=palette, dither=Image.Dither.NONE)
            indexed.save(out, "PNG", optimize=True)
            if out.tell() < GALLERY_LIMIT:
                return out.getvalue()
    return out.getvalue()
