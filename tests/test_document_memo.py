"""The phase-document call remembers what it has read (adjudicator/given.py, document.py):
the same text must still read by the variant and the kind of phase it is given in, and a
document that changes must be read afresh."""

from __future__ import annotations

from adjudicator import adjudicate
from adjudicator.given import ORDERS_REMEMBERED, order_reader


def _line(result: dict, text: str) -> dict:
    return next(line for line in result["orders"] if line["text"] == text)


def test_one_text_reads_by_the_kind_of_phase() -> None:
    moved = adjudicate(
        {"phase": "S1901M", "units": {"France": ["A par"]}, "orders": {"France": ["A par - bur"]}}
    )
    assert _line(moved, "A par - bur")["result"] == "succeeds"
    # The same text in a retreat phase is a retreat, not the movement phase's move.
    retreated = adjudicate(
        {
            "phase": "S1901R",
            "units": {"Germany": ["A pic"]},
            "dislodged": [{"power": "France", "unit": "A par", "retreats": ["bur"]}],
            "orders": {"France": ["A par - bur"]},
        }
    )
    assert _line(retreated, "A par - bur")["result"] == "succeeds"
    assert retreated["units"]["France"] == ["A bur"]


def test_one_text_reads_by_the_variant() -> None:
    standard = adjudicate(
        {"phase": "S1901M", "units": {"Germany": ["A mun"]}, "orders": {"Germany": ["A mun - ber"]}}
    )
    assert _line(standard, "A mun - ber")["result"] == "succeeds"
    # Munich is no place of the ancient Mediterranean: the text read on the standard map
    # must not be taken for an order there.
    ancient = adjudicate(
        {
            "variant": "ancient_med",
            "phase": "S0001M",
            "units": {"Egypt": ["A mem"]},
            "orders": {"Egypt": ["A mun - ber"]},
        }
    )
    line = _line(ancient, "A mun - ber")
    assert (line["result"], line["reason"]) == ("illegal", "syntax")


def test_a_changed_board_is_read_afresh() -> None:
    doc = {"phase": "S1901M", "units": {"France": ["A par"]}, "orders": {"France": ["A par H"]}}
    assert adjudicate(doc)["units"] == {"France": ["A par"]}
    doc["units"] = {"France": ["A par", "F bre"]}
    doc["centers"] = {"France": ["par", "bre"]}
    result = adjudicate(doc)
    assert result["units"] == {"France": ["A par", "F bre"]}
    assert result["centers"] == {"France": ["bre", "par"]}


def test_the_memo_of_texts_is_bounded() -> None:
    import variants

    reader = order_reader(variants.load("standard"), "movement")
    reader("A par - bur")
    assert reader.cache_info().maxsize == ORDERS_REMEMBERED  # type: ignore[attr-defined]
