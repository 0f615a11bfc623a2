"""The help files: every file the judge names exists, GET sends each one by mail, a file
that does not exist is answered as such, and the `index` of commands is true to the judge:
each of its examples is read by the parser as the command it describes, and every command
the judge carries out has an entry."""

from __future__ import annotations

import re
from datetime import datetime

import pytest

import parser as p
import variants
from judge import helpfiles
from judge.engine.dispatch import HANDLERS
from judge.engine.master import settings as game_settings
from judge.engine.play.orders import power_names
from judge.modifiers import MODIFIERS
from tests.judgekit import files_in, mail

ADDRESS, CODE = "judge@test.example", "USTS"
WRITTEN = [name for name, _ in helpfiles.index() if (helpfiles.HELP_DIR / name).is_file()]
# Files made from the data rather than written: the list of files, the maps, the variants.
MADE = ["flist", "map", "map.standard", "variants"]
NEW = [
    "index", "master", "absence", "draws", "history", "dedsystems", "convoys", "duality",
    "transform", "info.gunboat", "info.blind", "info.duplex", "info.wings", "info.shorthand",
    "info.intimate", "info.a-f", "relations", "machiavelli",
]  # fmt: skip


def text_of(name: str) -> str:
    found = helpfiles.read(name, ADDRESS, CODE)
    assert found is not None, f"GET {name} finds no file"
    return found


def test_every_file_the_index_the_package_and_flist_name_exists():
    listed = [name for name, _ in helpfiles.index()]
    assert set(NEW) <= set(listed)
    for name in listed + helpfiles.package():
        assert text_of(name).strip(), name
    for line in text_of("flist").splitlines()[2:]:
        assert text_of(line.split()[0])


def test_every_file_a_help_text_tells_you_to_get_exists():
    for name in WRITTEN + MADE:
        for named in re.findall(r"\bGET\s+([a-z][a-z0-9._-]*[a-z0-9])", text_of(name)):
            if named.endswith(".json"):  # a game's export (GET name.json), not a file
                continue
            if named not in ("file", "name", "from"):  # placeholders, and "you can GET from"
                assert helpfiles.read(named, ADDRESS, CODE) is not None, f"{name}: GET {named}"


def test_each_option_the_judge_knows_has_an_info_file():
    for option in MODIFIERS:
        name = "a-f" if option.word == "a/f" else option.word
        assert text_of(f"info.{name}"), option.word


def test_the_variants_file_names_each_variant_and_option_and_its_info_file():
    listing = text_of("variants")
    words = " ".join(listing.split())
    assert "Each variant has a help file, GET info.<variant>" in words
    for name in variants.available():
        assert f"   {name}" in listing and text_of(f"info.{name}")
    for option in MODIFIERS:
        assert f"   {option.word}" in listing
        assert (f"GET info.{option.word}" in words) == option.carried_out


def test_help_files_are_plain_text_of_ordinary_width():
    for name in NEW:
        for number, line in enumerate(text_of(name).splitlines(), 1):
            assert len(line) <= 76 and line.isascii(), f"{name}:{number}"


# -- the index of commands --------------------------------------------------------------------

NOW = datetime(2026, 11, 22, 10, 0)
STANDARD = variants.load("standard")
JOINING = re.compile(r"^(create|sign\s*on|signon|hello|login|observe|watch)\b", re.IGNORECASE)
CONDITIONS = re.compile(r"^(if|else|endif|end\s+if)\b", re.IGNORECASE)


def examples() -> list[str]:
    return re.findall(r"^    e\.g\.  (.+)$", text_of("index"), re.MULTILINE)


def read(example: str) -> list[p.Command]:
    """The example as the judge reads it in a mail: after a SIGN ON (and a PHASE, for the
    lines of a conditional), or alone if it signs on itself; REGISTER with its END."""
    if JOINING.match(example):
        before = ""
    elif CONDITIONS.match(example):
        before = "SIGN ON Fwar pw\nPHASE F1905M\n"
    else:
        before = "SIGN ON Fwar pw\n"
    after = "END\n" if example.upper() == "REGISTER" else ""
    vocabulary = p.Vocabulary(STANDARD.names, power_names(STANDARD), "movement")
    mail_read = p.parse_mail(before + example + "\n" + after, NOW, vocabulary)
    assert not mail_read.errors, f"{example}: {mail_read.errors}"
    if mail_read.ended == "sign off":
        return [p.SignOff()]
    commands = list(mail_read.commands[1:] if before else mail_read.commands)
    for command in list(commands):  # a PHASE block holds what follows it
        if isinstance(command, p.PhasedOrders):
            commands.remove(command)
            commands += list(command.items) or [command]
    return commands


@pytest.mark.parametrize("example", examples())
def test_each_example_of_the_index_is_read_as_a_command(example):
    commands = read(example)
    assert commands, example
    for command in commands:
        if isinstance(command, p.OrderLine):
            assert all(entry.order is not None for entry in command.orders), example


def _carried_out(command: p.Command) -> bool:
    """Whether the judge does what the command asks, rather than saying it cannot yet."""
    if isinstance(command, p.SetFlag):
        return command.name in game_settings.FLAGS or command.name == "broadcast"
    if isinstance(command, p.SetNumber):
        return command.name in game_settings.NUMBERS
    if isinstance(command, p.SetChoice):
        return command.name in game_settings.CHOICES or command.name == "preference"
    return type(command) in HANDLERS or isinstance(command, p.Conditional | p.SignOff | p.ReplyTo)


def test_the_index_names_only_what_the_judge_carries_out():
    for example in examples():
        for command in read(example):
            assert _carried_out(command), example


def test_every_command_and_setting_the_judge_carries_out_is_in_the_index():
    found = [command for example in examples() for command in read(example)]
    kinds = {type(command) for command in found}
    missing = set(HANDLERS) - kinds
    assert missing == set(), sorted(k.__name__ for k in missing)
    flags = {c.name for c in found if isinstance(c, p.SetFlag)}
    numbers = {c.name for c in found if isinstance(c, p.SetNumber)}
    choices = {c.name for c in found if isinstance(c, p.SetChoice)}
    assert set(game_settings.FLAGS) - flags == set()
    assert set(game_settings.NUMBERS) - numbers == set()
    # SET PRFLIST / PRFRAND / PRFBOTH are read as `preference` and kept as `assignment`.
    assert "preference" in choices
    assert set(game_settings.CHOICES) - choices - {"assignment"} == set()


# -- over SMTP --------------------------------------------------------------------------------


def test_get_mails_the_help_files_together(judge):
    wanted = [*NEW, "variants"]
    sent = judge.client.send(mail("reader@example.org", "\n".join(f"GET {n}" for n in wanted)))
    reply = judge.mailbox.reply(sent).get_content()
    for name in wanted:
        assert f"File {name} sent." in reply
    judge.mailbox.wait(lambda: len(judge.mailbox.thread(sent)) == 2)
    (digest,) = [m for m in judge.mailbox.thread(sent) if m["In-Reply-To"] is None]
    files = files_in(digest)
    assert list(files) == wanted
    for name in wanted:
        assert files[name].strip() == text_of(name).strip()
    assert "RUNNING A GAME: A GUIDE FOR MASTERS" in files["master"]
    assert "SET ABSENCE" in files["index"]
    assert "Unknown variant" not in files["variants"]


def test_get_of_a_file_that_does_not_exist_says_so_and_points_to_flist(judge):
    reply = judge.ask("reader@example.org", "GET info.eden\nGET nosuch").get_content()
    assert "Sorry, there is no file info.eden available.  Get file 'flist' for the list." in reply
    assert "Sorry, there is no file nosuch available." in reply
