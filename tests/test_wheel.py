"""The judge installed from its wheel (issue 31): built from the checkout's files, installed
into a new virtual environment in a temporary folder and run from outside the checkout with
nothing of it on the path, it migrates, serves, answers HELP, sends help files and draws the
board, every file it reads found through its packages.

One test, marked to run first (building the wheel and starting an uncompiled judge take some
seconds), so that it runs beside the other tests, not after them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from email.message import EmailMessage
from pathlib import Path

import pytest

import judge
from judge import helpfiles
from tests.gametable import form
from tests.judgekit import ROOT, JudgeProcess, Mailbox, environment, files_in, mail
from tests.test_layout import PACKAGES

ADDRESS, CODE = "judge@test.example", "USTS"
# What the build needs beside the packages.
PROJECT = ("pyproject.toml", "README.md", "LICENSE")


def _sources() -> list[Path]:
    """Every file of the packages (code and data), as paths inside the checkout."""
    return sorted(
        path.relative_to(ROOT)
        for package in PACKAGES
        for path in (ROOT / package).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    )


def _built(tmp: Path) -> Path:
    """The wheel, built by pip from a copy of the checkout's files (so that nothing left
    in the checkout's build/ from an older build slips into it)."""
    source = tmp / "source"
    for relative in [*map(Path, PROJECT), *_sources()]:
        (source / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / relative, source / relative)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    subprocess.run([*pip, "wheel", "--no-deps", "-q", "-w", tmp / "dist", source], check=True)
    (wheel,) = (tmp / "dist").iterdir()
    return wheel


def _installed(wheel: Path, venv: Path) -> Path:
    """A new virtual environment holding the wheel, its `bin`. The wheel is installed as
    pip installs it; its dependencies are those the tests run with, lent by a path file
    (a plain entry of sys.path: no .pth, no editable finder of the checkout is read from
    it), rather than unpacked again from pip's cache (200 MB, half a minute of the suite):
    what this test proves is that the wheel carries everything of ours."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True)
    python = venv / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--python", python]
    subprocess.run([*pip, "install", "-q", "--no-compile", "--no-deps", wheel], check=True)
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    lent = {sysconfig.get_path(kind) for kind in ("purelib", "platlib")}
    (Path(site) / "lent-dependencies.pth").write_text("".join(f"{p}\n" for p in sorted(lent)))
    return venv / "bin"


@pytest.mark.early
def test_the_wheel_installs_a_judge_that_migrates_serves_and_sends_its_files(tmp_path):
    wheel = _built(tmp_path)
    # One version, judge.__version__: the wheel's, `judge --version`'s and VERSION's below.
    assert wheel.name == f"judge-{judge.__version__}-py3-none-any.whl"
    packed = set(zipfile.ZipFile(wheel).namelist())
    missing = [str(path) for path in _sources() if path.as_posix() not in packed]
    assert missing == [], "files of the packages the wheel leaves out (pyproject's package-data)"

    bin_ = _installed(wheel, tmp_path / "venv")
    outside = tmp_path / "elsewhere"  # the working folder: no checkout in sight
    outside.mkdir()
    # Nothing of the checkout on the path: an empty PYTHONPATH adds nothing.
    env = environment(outside / "data", JUDGE_PICTURES="true", PYTHONPATH="")

    def run(*args: str) -> str:
        done = subprocess.run(
            args, cwd=outside, env={**os.environ, **env}, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert run(str(bin_ / "judge"), "--version") == f"judge {judge.__version__}\n"
    where = run(
        str(bin_ / "python"),
        "-c",
        "import judge.helpfiles as h, judge.store.migrate as m; "
        "print(h.__file__, h.HELP_DIR, m.MIGRATIONS, sep='\\n')",
    )
    site = (tmp_path / "venv").resolve()
    assert all(Path(line).resolve().is_relative_to(site) for line in where.splitlines()), where
    assert "schema empty -> " in run(str(bin_ / "judge"), "migrate")

    serving = JudgeProcess(env, python=[str(bin_ / "python")], cwd=outside)
    serving.start(timeout=60)  # its first start compiles what it imports
    try:
        _mail_the_installed_judge(serving, Mailbox(outside / "data" / "mail"))
    finally:
        assert serving.terminate() == 0, serving.tail()
    shutil.rmtree(tmp_path / "venv")  # 200 MB, of which pytest would keep three runs' worth


def _mail_the_installed_judge(serving: JudgeProcess, mailbox: Mailbox) -> None:
    """HELP, VERSION, help files and a picture of the board, over SMTP, each as the
    checkout's judge makes it."""

    def ask(sender: str, body: str) -> EmailMessage:
        sent = serving.client.send(mail(sender, body))
        return mailbox.reply(sent, timeout=60, to=sender)

    def text(message: EmailMessage) -> str:
        return message.get_body(("plain",)).get_content()

    info = helpfiles.read("info", ADDRESS, CODE)
    assert info is not None and info in text(ask("player@example.org", "HELP\n"))

    reply = text(ask("player@example.org", "VERSION\nGET syntax\nGET map.standard\n"))
    assert f"version {judge.__version__} of the Python judge" in reply
    assert "File syntax sent." in reply and "File map.standard sent." in reply
    mailbox.wait(lambda: bool(mailbox.addressed("player@example.org", "Diplomacy files")))
    (digest,) = mailbox.addressed("player@example.org", "Diplomacy files")
    files = files_in(digest)
    for name in ("syntax", "map.standard"):
        assert files[name] == (helpfiles.read(name, ADDRESS, CODE) or "").rstrip(), name

    master = "master@example.org"
    begun = ask(master, form(master) + "CREATE ?war pwMaster\nBECOME MASTER\nFORCE BEGIN\n")
    assert "Game 'war' begins with 7 dummy players." in text(begun)
    board = ask("player@example.org", "MAP war\n")
    assert "is attached (war-S1901M.png, war-S1901M.svg)" in text(board)
    pictures = {part.get_filename(): part.get_content() for part in board.iter_attachments()}
    assert pictures["war-S1901M.png"].startswith(b"\x89PNG")
    assert b"<svg" in pictures["war-S1901M.svg"]
