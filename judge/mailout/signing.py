"""DKIM signatures on the judge's mail (RFC 6376, made by dkimpy): RSA-SHA256 always, and
Ed25519-SHA256 beside it (RFC 8463) when the key file holds an Ed25519 key too.

The sender signs the bytes compose() makes of a row, each time it delivers them (sender.py):
compose is a function of the row alone (its Date is the row's creation, its MIME boundary
made from its Message-ID), so a mail tried again is the same mail with one fresh signature,
whose t= says when it left. Signed once at compose and kept, a mail held a day by a relay
that refused it would go out with a day-old signature, and the signature's bytes would have
to be stored beside every row.

The key file holds PEM blocks: an RSA private key (2048 bits from `judge dkim-key`; at least
1024, below which receivers ignore a signature, RFC 8301), then, if asked for, an Ed25519
one, published under the selector with `-ed25519` after it (each record names one kind of
key). It is read once per process (`signer_for` keeps what it read): signing then costs the
RSA signature alone (benchmarks/signing.py).
"""

from __future__ import annotations

import base64
import logging
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..config import Settings, SettingsError

# dkimpy and cryptography are imported where a key is read or used: they cost 0.1 s, and
# `judge process` starts for every mail, most judges' without a key.
if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric import ed25519, rsa

log = logging.getLogger("judge.signing")

# The fields signed, where the mail has them (RFC 6376 5.4.1, and what receivers look for:
# the author, the addressee, the subject and the thread, the MIME structure, the list
# fields RFC 8058 wants signed, and our answer's Auto-Submitted).
SIGNED = (
    "from", "sender", "reply-to", "to", "cc", "subject", "date", "message-id", "in-reply-to",
    "references", "mime-version", "content-type", "content-transfer-encoding",
    "auto-submitted", "list-id", "list-help", "list-unsubscribe", "list-unsubscribe-post",
    "list-subscribe", "list-post", "list-owner", "list-archive",
)  # fmt: skip
# Signed once more than the mail has them ("oversigned"): none can be added on the way
# without breaking the signature (a second From, a Reply-To sending answers elsewhere).
OVERSIGNED = ("from", "reply-to", "to", "cc", "subject")
MIN_RSA_BITS = 1024
ED25519_SUFFIX = "-ed25519"
_PEM = re.compile(rb"-----BEGIN ([A-Z0-9 ]+)-----.+?-----END \1-----", re.DOTALL)


@dataclass(frozen=True)
class Signer:
    """The judge's DKIM keys, read, for one domain and selector."""

    domain: str
    selector: str
    rsa_key: rsa.RSAPrivateKey = field(repr=False)
    ed25519_key: ed25519.Ed25519PrivateKey | None = field(default=None, repr=False)
    _rsa_pem: bytes = field(default=b"", repr=False)  # as dkimpy reads it (PKCS #1)
    _ed25519_seed: bytes = field(default=b"", repr=False)  # as dkimpy reads it (base64)

    @property
    def ed25519_selector(self) -> str:
        return self.selector + ED25519_SUFFIX

    def records(self) -> dict[str, str]:
        """The TXT record to publish for each key, by its DNS name."""
        from cryptography.hazmat.primitives import serialization

        spki = self.rsa_key.public_key().public_bytes(
            serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        found = {self.name(self.selector): f"v=DKIM1; k=rsa; p={base64.b64encode(spki).decode()}"}
        if self.ed25519_key is not None:
            raw = self.ed25519_key.public_key().public_bytes(
                serialization.Encoding.Raw, serialization.PublicFormat.Raw
            )
            found[self.name(self.ed25519_selector)] = (
                f"v=DKIM1; k=ed25519; p={base64.b64encode(raw).decode()}"
            )
        return found

    def name(self, selector: str) -> str:
        return f"{selector}._domainkey.{self.domain}"

    def sign(self, message: bytes) -> bytes:
        """`message` (lines ending in LF, as compose makes it) with its signatures on top."""
        import dkim

        signing = dkim.DKIM(message, linesep=b"\n")
        present = {name.decode("ascii").lower() for name, _ in signing.headers}
        fields_ = [name for name in SIGNED if name in present] + list(OVERSIGNED)
        kinds = [(self.selector, self._rsa_pem, b"rsa-sha256")]
        if self._ed25519_seed:
            kinds.append((self.ed25519_selector, self._ed25519_seed, b"ed25519-sha256"))
        try:
            signatures = b"".join(
                signing.sign(
                    selector.encode(), self.domain.encode(), key, signature_algorithm=algorithm,
                    canonicalize=(b"relaxed", b"relaxed"), include_headers=fields_,
                )
                for selector, key, algorithm in kinds
            )  # fmt: skip
        except dkim.DKIMException:  # a mail dkimpy cannot read: better unsigned than lost
            log.exception("a mail could not be signed; it leaves unsigned")
            return message
        return signatures + message


def signer_for(settings: Settings) -> Signer | None:
    """The judge's signer, or None when DKIM is off; SettingsError, saying what is wrong
    and what to do, when the key cannot be used."""
    if not settings.dkim_selector:
        return None
    return load(settings.dkim_key_file, settings.dkim_selector, settings.domain)


@lru_cache(maxsize=4)
def load(path: str, selector: str, domain: str) -> Signer:
    """The key file read (once per process and key: a key that fails is not kept)."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ed25519, rsa

    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise SettingsError(f"dkim_key_file {path!r} cannot be read: {exc.strerror}") from None
    rsa_key: rsa.RSAPrivateKey | None = None
    ed_key: ed25519.Ed25519PrivateKey | None = None
    for block in _PEM.finditer(data):
        try:
            key = serialization.load_pem_private_key(block.group(0), password=None)
        except (ValueError, TypeError) as exc:  # TypeError: a key under a passphrase
            raise SettingsError(
                f"dkim_key_file {path!r} holds a {block.group(1).decode()} that is not a "
                f"private key the judge can read: {exc}"
            ) from None
        if isinstance(key, rsa.RSAPrivateKey) and rsa_key is None:
            rsa_key = key
        elif isinstance(key, ed25519.Ed25519PrivateKey) and ed_key is None:
            ed_key = key
        else:
            raise SettingsError(
                f"dkim_key_file {path!r} holds a key DKIM does not use, or two of a kind: one "
                "RSA key, and one Ed25519 key beside it if you like (judge dkim-key makes them)"
            )
    if rsa_key is None:
        raise SettingsError(
            f"dkim_key_file {path!r} holds no RSA private key (PEM): make one with "
            f"`judge dkim-key --selector {selector}`"
        )
    if rsa_key.key_size < MIN_RSA_BITS:
        raise SettingsError(
            f"dkim_key_file {path!r} holds an RSA key of {rsa_key.key_size} bits: receivers "
            f"ignore signatures under {MIN_RSA_BITS} (RFC 8301); make a new one with "
            "`judge dkim-key` under a new selector"
        )
    pem = rsa_key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.TraditionalOpenSSL,
        serialization.NoEncryption(),
    )
    seed = b""
    if ed_key is not None:
        seed = base64.b64encode(
            ed_key.private_bytes(
                serialization.Encoding.Raw,
                serialization.PrivateFormat.Raw,
                serialization.NoEncryption(),
            )
        )
    return Signer(domain, selector, rsa_key, ed_key, pem, seed)
