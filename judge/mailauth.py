"""The judge's mail, recognised as its own by receivers: `judge dkim-key` makes its DKIM key
(or reads the one there is) and prints the DNS records to publish; `txt_lookup` reads the
records `judge doctor` compares with it, and the domain's SPF and DMARC records.

The key's text never leaves its file (written readable by the judge's user alone); what is
printed is public: the records and the two settings to add.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .config import Settings, SettingsError, validate

if TYPE_CHECKING:
    import dns.resolver

TXT_STRING = 255  # the longest string of a TXT record; a longer record is several, joined
DNS_SECONDS = 3.0  # how long one look-up may take before DNS is taken as not answering


def add_parser(commands: Any) -> None:
    """Add `dkim-key` to the `judge` command's subcommands."""
    key = commands.add_parser(
        "dkim-key", help="make the DKIM key (or read the one there is); print its DNS records"
    )
    key.add_argument("--selector", required=True, help="the name the key is published under")
    key.add_argument("--key-file", help="where the key is kept (HOME/dkim-SELECTOR.pem)")
    key.add_argument(
        "--ed25519", action="store_true", help="an Ed25519 key too, for a second signature"
    )
    key.set_defaults(run=make_key)


def make_key(settings: Settings, args: argparse.Namespace) -> int:
    from .mailout.signing import load

    path = Path(args.key_file or settings.home / f"dkim-{args.selector}.pem")
    try:
        validate(replace(settings, dkim_selector=args.selector, dkim_key_file=str(path)))
        made = not path.exists()
        if made:
            write_key(path, args.ed25519)
        signer = load(str(path), args.selector, settings.domain)
    except (SettingsError, OSError) as exc:
        print(f"judge dkim-key: {exc}", file=sys.stderr)
        return 1
    if args.ed25519 and signer.ed25519_key is None:
        print(
            f"judge dkim-key: {path} holds an RSA key alone; for an Ed25519 signature too, "
            "make both under a new selector (operations.md 3e, rotating the key)",
            file=sys.stderr,
        )
        return 1
    kinds = f"RSA {signer.rsa_key.key_size} bits" + (", Ed25519" if signer.ed25519_key else "")
    print(f"{'Made' if made else 'Read'} the DKIM key of {settings.domain}: {path} ({kinds}).")
    print("Keep it to the judge's user: whoever has it can sign mail as the judge.\n")
    print("Publish these TXT records in the DNS of the domain (zone file lines; a DNS host's")
    print("form takes the name, and the strings between the quotes joined into one text):\n")
    for name, record in signer.records().items():
        strings = [record[i : i + TXT_STRING] for i in range(0, len(record), TXT_STRING)]
        quoted = " ".join(f'"{string}"' for string in strings)  # the records hold no quote
        print(f"{name}. IN TXT ( {quoted} )")
    print("\nThen add to the judge's settings (judge.toml), and see `judge doctor` find it:\n")
    print(f'dkim_selector = "{args.selector}"')
    print(f'dkim_key_file = "{path.resolve()}"')
    return 0


def write_key(path: Path, ed: bool) -> None:
    """A new RSA-2048 key (and Ed25519), as PEM, in a file only its owner reads; never
    over a file that is there (another selector's key, still published and in use)."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ed25519, rsa

    keys: list[Any] = [rsa.generate_private_key(public_exponent=65537, key_size=2048)]
    if ed:
        keys.append(ed25519.Ed25519PrivateKey.generate())
    text = b"".join(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        for key in keys
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())


def txt_lookup(resolver: dns.resolver.Resolver | None = None) -> Callable[[str], list[str] | None]:
    """A look-up of a name's TXT records: each record's strings joined; [] when the name
    has none; None when DNS does not answer (no network, no resolver configured)."""
    import dns.exception
    import dns.resolver

    try:
        asking = resolver or dns.resolver.Resolver()
    except dns.resolver.NoResolverConfiguration:
        return lambda name: None

    def look(name: str) -> list[str] | None:
        try:
            answer = asking.resolve(name, "TXT", lifetime=DNS_SECONDS)
        except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
            return []
        except dns.exception.DNSException:
            return None
        return [b"".join(r.strings).decode("utf-8", "replace") for r in answer]

    return look


def tags(record: str) -> dict[str, str]:
    """A tag=value record (DKIM, DMARC) as a dict, names in lower case, values without
    the spaces DNS hosts put in long ones; {} when it is not one."""
    found = {}
    for part in record.split(";"):
        name, equals, value = part.partition("=")
        if not equals:
            if part.strip():
                return {}
            continue
        found[name.strip().lower()] = "".join(value.split())
    return found
