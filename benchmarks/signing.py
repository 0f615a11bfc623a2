"""What DKIM costs a mail: the sender composes each outbox row into bytes at delivery
(judge/mailout/compose.py) and, with a key set, signs them (judge/mailout/signing.py).

The baseline is compose() alone, unsigned; then compose and an RSA-2048 signature, and
compose with both signatures (RSA and Ed25519), each timed over the same rows in one
process: a reply (2 KB of text) and a results mail (its text and the board's two
pictures, 60 KB and 25 KB). Printed: microseconds a mail and the ratio to the baseline.
dkimpy signs RSA in pure Python (`pow` on the key's numbers), so the signature, not the
hashing of the body, is nearly all of it.

    .venv/bin/python benchmarks/signing.py [--mails 200]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judge.config import Settings, load
from judge.mailauth import write_key
from judge.mailout.compose import compose
from judge.mailout.outbox import Attachment
from judge.mailout.signing import Signer, signer_for
from judge.store.models import Outbox
from tests.judgekit import environment

NOW = datetime(2026, 11, 22, 12, 0)
TEXT = "Diplomacy results Spring of 1901.\n\n" + "Austria: Army Vienna -> Galicia.\n" * 60


def _row(n: int) -> Outbox:
    return Outbox(
        id=n, created_at=NOW, to_address=f"player{n}@example.org", subject="USXX results",
        body=TEXT, message_id=f"<{n:032x}@judge.example.org>", in_reply_to="", refs="",
        headers={"Auto-Submitted": "auto-generated"},
    )  # fmt: skip


def _time(
    rows: list[Outbox], files: tuple[Attachment, ...], settings: Settings, signer: Signer | None
) -> float:
    """Microseconds a mail composed (and signed, given a signer), the best of three rounds."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for row in rows:
            data = compose(row, settings, files)
            if signer is not None:
                signer.sign(data)
        best = min(best, (time.perf_counter() - start) / len(rows))
    return best * 1e6


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mails", type=int, default=200)
    args = parser.parse_args()
    rows = [_row(n) for n in range(args.mails)]
    pictures = (
        Attachment("war.png", "image/png", os.urandom(60_000), inline=True),
        Attachment("war.svg", "image/svg+xml", os.urandom(25_000)),
    )
    with tempfile.TemporaryDirectory() as home:
        signers = {}
        for kinds, ed in (("RSA", False), ("RSA + Ed25519", True)):
            key = Path(home) / f"{int(ed)}.pem"
            write_key(key, ed)
            env = environment(Path(home), JUDGE_DKIM_SELECTOR="s1", JUDGE_DKIM_KEY_FILE=str(key))
            signers[kinds] = (load(env), signer_for(load(env)))
        settings = load(environment(Path(home)))
        print(f"{'mail':<8} {'signature':<15} {'us a mail':>10} {'ratio':>7}")
        for label, files in (("reply", ()), ("results", pictures)):
            base = _time(rows, files, settings, None)
            print(f"{label:<8} {'none (base)':<15} {base:>10.0f} {1:>7.2f}")
            for kinds, (signed, signer) in signers.items():
                took = _time(rows, files, signed, signer)
                print(f"{label:<8} {kinds:<15} {took:>10.0f} {took / base:>7.1f}")


if __name__ == "__main__":
    main()
