"""The files one mail asks for (GET, SEND ME, GET PACKAGE, a REGISTER's package, GET
WHOIS), sent as one mail, so that a mail of a thousand GET lines makes the judge send two
mails, not a thousand and one (issue 29).

A mail that asks for one file gets it by itself, under the njudge's subject, as always.
A mail that asks for more gets one digest: each file once, in the order asked, under its
heading, the whole within `most` bytes; a file that would pass them is left out, and the
reply says so where it was asked for.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from ...reports.accounts import (
    digest_cost,
    digest_frame,
    digest_subject,
    file_digest,
    file_subject,
)

# The digest's bytes besides its files, the same for every mail to one judge.
_frame = cache(digest_frame)


@dataclass
class FilesAsked:
    code: str
    most: int  # bytes the digest may hold (the lower of reply_bytes and mail_output_bytes)
    files: dict[str, str] = field(default_factory=dict)  # name -> text, in the order asked
    left: list[str] = field(default_factory=list)  # those that did not fit
    used: int = 0

    def __contains__(self, name: str) -> bool:
        return name in self.files or name in self.left

    def take(self, name: str, text: str) -> bool:
        """Put a file in the mail of files; False if it would make that mail too long.
        The first one always goes: alone, it is mailed by itself whatever its size, as a
        mail with one GET always was, and with it nothing else fits."""
        cost = digest_cost(name, text)
        if self.files and self.used + cost + _frame(self.code, self.most) > self.most:
            self.left.append(name)
            return False
        self.files[name] = text
        self.used += cost
        return True

    def mail(self) -> tuple[str, str] | None:
        """The subject and text of the mail of files, if any was asked for."""
        if not self.files:
            return None
        if len(self.files) == 1:
            ((name, text),) = self.files.items()
            return file_subject(name), text
        names = list(self.files)
        body = file_digest(self.code, list(self.files.items()), len(self.left), self.most)
        return digest_subject(names), body
