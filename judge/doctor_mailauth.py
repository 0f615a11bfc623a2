"""`judge doctor`'s look at the mail's authentication (operations.md 3e): the DKIM key
and, where DNS answers, its published record and the domain's SPF and DMARC records."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from . import outbound
from .config import Settings, SettingsError
from .findings import Finding
from .mailauth import tags, txt_lookup
from .mailout.signing import signer_for

if TYPE_CHECKING:
    import dns.resolver


def dkim(settings: Settings, resolver: dns.resolver.Resolver | None) -> list[Finding]:
    """The DKIM key, and, where DNS answers, its published record, SPF and DMARC."""
    if not settings.dkim_selector:
        if isinstance(outbound.read(settings.outbound_target), Path):
            return []  # nothing leaves this host: nothing for receivers to check
        return [
            Finding(
                "warn",
                "DKIM off: the judge's mail leaves unsigned, and receivers may take it for spam",
                "make a key with `judge dkim-key --selector NAME` and publish its record "
                "(operations.md 3e)",
            )
        ]
    try:
        signer = signer_for(settings)
    except SettingsError as exc:
        return [Finding("FAIL", f"DKIM key: {exc}", _NEW_KEY)]
    assert signer is not None
    kinds = f"RSA {signer.rsa_key.key_size} bits" + (", Ed25519" if signer.ed25519_key else "")
    found = [
        Finding("ok", f"DKIM key {settings.dkim_key_file} ({kinds}) signs for {signer.domain}")
    ]
    look = txt_lookup(resolver)
    for name, record in signer.records().items():
        published = look(name)
        if published is None:
            found.append(
                Finding(
                    "warn",
                    f"DNS: could not look up {name} (no answer from DNS here); DKIM, SPF and "
                    "DMARC records not checked",
                    f"check from a host with DNS: dig +short TXT {name}",
                )
            )
            return found
        found.append(_published(name, record, published, settings))
    return found + _spf(settings.domain, look) + _dmarc(settings.domain, look)


_NEW_KEY = (
    "`judge dkim-key --selector NEW` makes a new key and prints its record; publish it, "
    "then set dkim_selector and dkim_key_file to it (operations.md 3e)"
)


def _published(name: str, record: str, published: list[str], settings: Settings) -> Finding:
    ours = tags(record)
    theirs = [tags(text) for text in published if "p" in tags(text)]
    fix = (
        f'publish {name}. IN TXT "{record}" (`judge dkim-key --selector '
        f"{settings.dkim_selector} --key-file {settings.dkim_key_file}` prints it for a "
        "zone file)"
    )
    if any(t["p"] == ours["p"] and t.get("k", "rsa") == ours["k"] for t in theirs):
        return Finding("ok", f"DKIM record {name} published, the key's own")
    if not theirs:
        return Finding("FAIL", f"DKIM record {name} not published: receivers cannot check", fix)
    if all(not t["p"] for t in theirs):
        return Finding("FAIL", f"DKIM record {name} is revoked (p= empty)", _NEW_KEY)
    return Finding(
        "FAIL", f"DKIM record {name} holds another key than {settings.dkim_key_file}", fix
    )


def _spf(domain: str, look: Callable[[str], list[str] | None]) -> list[Finding]:
    spf = [t for t in look(domain) or [] if t.lower().split(" ")[0] == "v=spf1"]
    if not spf:
        return [
            Finding(
                "warn",
                f"SPF: {domain} publishes none; receivers cannot tell its relay from a forger",
                f"publish a TXT record at {domain} naming the hosts that send its mail, "
                'e.g. "v=spf1 mx -all"',
            )
        ]
    if len(spf) > 1:
        return [
            Finding(
                "FAIL",
                f"SPF: {domain} publishes {len(spf)} records, which receivers take as an error",
                "merge them into one (RFC 7208 4.5)",
            )
        ]
    allows_all = spf[0].split()[-1].lower() in ("all", "+all")
    if allows_all:
        return [
            Finding(
                "warn",
                f"SPF for {domain}: {spf[0]} lets any host send as it",
                "end it with -all or ~all",
            )
        ]
    return [Finding("ok", f"SPF for {domain}: {spf[0]}")]


def _dmarc(domain: str, look: Callable[[str], list[str] | None]) -> list[Finding]:
    """The policy at _dmarc.DOMAIN, or at a parent's (the organisation's) if it has none."""
    labels = domain.split(".")
    for start in range(len(labels) - 1):
        at = ".".join(labels[start:])
        found = [t for t in look(f"_dmarc.{at}") or [] if t.lower().startswith("v=dmarc1")]
        if found:
            policy = tags(found[0]).get("p", "")
            level = "ok" if policy in ("none", "quarantine", "reject") else "warn"
            return [
                Finding(
                    level, f"DMARC for {domain} (at _dmarc.{at}): p={policy or '?'}: {found[0]}"
                )
            ]
    return [
        Finding(
            "warn",
            f"DMARC: no policy for {domain}; receivers judge its mail by their own rules",
            f'publish _dmarc.{domain} TXT "v=DMARC1; p=none; rua=mailto:..." to hear how its '
            "mail fares, then p=quarantine",
        )
    ]
