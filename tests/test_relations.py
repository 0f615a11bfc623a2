"""The observation module (robots/observation.py) over real adjudicated phases: what a
support, an attack, time and agreements kept and broken do to the friendliness matrix,
the StabLimit and the blocs (Loeb, "The Observation Module", Diplomatic Pouch S1995)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

import parser as p
import variants
from adjudicator import adjudicate
from robots.agreements import StabLimit, stab_limits, verdicts
from robots.observation import (
    Agreement,
    Relations,
    blocs,
    broken_agreements,
    friendliness,
    friends_of,
)

STANDARD = variants.load("standard")
START = {
    power.name: [f"{u.type} {u.location}" for u in STANDARD.units if u.power == power.name]
    for power in STANDARD.powers
}
# France supports Germany into Burgundy; Italy attacks Austria's Trieste.
SPRING = {"France": ["A par S A mun - bur"], "Germany": ["A mun - bur"], "Italy": ["A ven - tri"]}


def phase(code: str, orders: dict[str, list[str]], before: dict[str, Any] | None = None):
    doc = {"variant": "standard", "phase": code, "orders": orders}
    doc["units"] = before["units"] if before else START
    if before:
        doc["centers"] = before["centers"]
    return adjudicate(doc)


def test_a_support_makes_friends_and_an_attack_enemies() -> None:
    relations = friendliness(STANDARD, [phase("S1901M", SPRING)])
    assert relations.value("France", "Germany") >= 1.0
    assert relations.value("Italy", "Austria") <= -1.0
    # Nothing passed between England and Russia.
    assert relations.value("England", "Russia") == 0.0
    assert friends_of(relations, "France") == {"Germany"}
    assert friends_of(relations, "Italy") == frozenset()
    assert blocs(relations)[0] == ("France", "Germany")


def test_the_matrix_is_symmetric() -> None:
    relations = friendliness(STANDARD, [phase("S1901M", SPRING)])
    for a in relations.powers:
        for b in relations.powers:
            assert relations.value(a, b) == relations.value(b, a)


def test_a_dislodgement_is_worse_than_a_bounce() -> None:
    bounce = friendliness(STANDARD, [phase("S1901M", {"Italy": ["A ven - tri"]})])
    spring = phase("S1901M", {"Italy": ["A ven - tyr", "A rom - ven"]})
    taken = phase("F1901M", {"Italy": ["A tyr S A ven - tri", "A ven - tri"]}, spring)
    dislodged = friendliness(STANDARD, [spring, taken])
    assert taken["dislodged"], taken
    assert dislodged.value("Italy", "Austria") < bounce.value("Italy", "Austria") - 1


def test_history_decays_without_new_evidence() -> None:
    first = phase("S1901M", SPRING)
    fall = phase("F1901M", {}, first)
    once = friendliness(STANDARD, [first])
    later = friendliness(STANDARD, [first, fall])
    assert 0 < later.value("France", "Germany") < once.value("France", "Germany")
    # 70 % of the history is kept (transitivity, applied last, moves it a little).
    assert later.value("France", "Germany") == pytest.approx(
        0.7 * once.value("France", "Germany"), abs=0.01
    )


def test_a_peace_broken_is_noted_with_phase_and_breaker() -> None:
    first = phase("S1901M", {"Italy": ["A ven - tyr"]})
    fall = phase("F1901M", {"Italy": ["A tyr - vie"]}, first)
    peace = Agreement("PCE", frozenset({"Italy", "Austria"}), "S1901M")
    broken = broken_agreements(STANDARD, [first, fall], [peace])
    assert [(x.phase, x.by, x.order) for x in broken] == [("F1901M", "Italy", "A tyr - vie")]
    kept = Agreement("PCE", frozenset({"France", "Germany"}), "S1901M")
    assert broken_agreements(STANDARD, [first, fall], [kept]) == []


def test_a_dmz_and_an_xdo_are_checked_against_the_orders() -> None:
    first = phase("S1901M", SPRING)
    dmz = Agreement("DMZ", frozenset({"France", "Germany"}), "S1901M", frozenset({"bur"}))
    xdo = Agreement("XDO", frozenset({"Italy"}), "S1901M", orders=("A ven H",))
    kept = Agreement("XDO", frozenset({"France"}), "S1901M", orders=("A par S A mun - bur",))
    broken = broken_agreements(STANDARD, [first], [dmz, xdo, kept])
    assert [(x.agreement.kind, x.by, x.order) for x in broken] == [
        ("DMZ", "Germany", "A mun - bur"),
        ("XDO", "Italy", "A ven - tri"),
    ]


def test_relations_is_read_as_a_command_with_or_without_a_game() -> None:
    now = datetime(2026, 11, 25, 12, 0)
    assert p.parse_mail("RELATIONS mygame\n", now).commands == (p.Relations(line=1, game="mygame"),)
    assert p.parse_mail("relations\n", now).commands == (p.Relations(line=1),)


def test_a_standoff_is_hostile() -> None:
    spring = phase("S1901M", {"Germany": ["A mun - bur"], "France": ["A par - bur"]})
    assert spring["contested"] == ["bur"]
    relations = friendliness(STANDARD, [spring])
    assert relations.value("France", "Germany") <= -1.0


def test_a_build_counts_against_the_neighbours_it_comes_nearest() -> None:
    def built(order: str) -> float:
        doc = {
            "variant": "standard",
            "phase": "W1901A",
            "units": {"Germany": ["A ber"], "France": ["A par"]},
            "centers": {"Germany": ["ber", "kie", "mun"], "France": ["par", "bre", "mar"]},
            "orders": {"Germany": [order]},
        }
        record = {"input": doc, "output": adjudicate(doc)}
        return friendliness(STANDARD, [record]).value("Germany", "France")

    assert built("Build A mun") < built("Build F kie") < 0


def test_a_support_the_other_did_not_match_is_a_small_penalty() -> None:
    """ "If a support or convoy was refused NSO, then this may indicate a possible stab, and
    a small penalty is given": France supports a move Germany does not make."""
    matched = friendliness(STANDARD, [phase("S1901M", SPRING)]).value("France", "Germany")
    refused = {"France": ["A par S A mun - bur"], "Germany": ["A mun H"]}
    void = friendliness(STANDARD, [phase("S1901M", refused)]).value("France", "Germany")
    assert matched >= 1.0 and -1.0 < void < 0.0


def _two_phases() -> list[dict[str, Any]]:
    """Spring: Italy to Tyrolia, nothing else. Autumn: Italy into Vienna."""
    first = phase("S1901M", {"Italy": ["A ven - tyr"]})
    return [first, phase("F1901M", {"Italy": ["A tyr - vie"]}, first)]


def test_agreements_kept_and_broken_move_the_matrix() -> None:
    """ "A bonus is given in case of respect. In case of violation, a penalty is given": a
    peace kept two seasons (England, Germany), a demilitarised Burgundy kept (France,
    Germany), an order agreed and given (Russia's, agreed with Turkey) draw the parties
    together; a peace broken (Italy into Vienna) and an order agreed not to be given and
    given (Italy's) drive them apart."""
    results = _two_phases()
    made = [
        Agreement("PCE", frozenset({"England", "Germany"}), "S1901M"),
        Agreement("DMZ", frozenset({"France", "Germany"}), "S1901M", frozenset({"bur"})),
        Agreement(
            "XDO",
            frozenset({"Russia"}),
            "S1901M",
            orders=("A war H",),
            partners=frozenset({"Turkey"}),
        ),
        Agreement("PCE", frozenset({"Italy", "Austria"}), "S1901M"),
        Agreement(
            "NOT XDO",
            frozenset({"Italy"}),
            "F1901M",
            orders=("A tyr - vie",),
            partners=frozenset({"France"}),
        ),
    ]
    plain, agreed = friendliness(STANDARD, results), friendliness(STANDARD, results, made)
    for a, b in (("England", "Germany"), ("France", "Germany"), ("Russia", "Turkey")):
        assert agreed.value(a, b) > plain.value(a, b) + 0.3, (a, b)
    for a, b in (("Italy", "Austria"), ("Italy", "France")):
        assert agreed.value(a, b) < plain.value(a, b) - 2, (a, b)
    assert agreed.value("England", "Russia") == plain.value("England", "Russia")
    broken = broken_agreements(STANDARD, results, made)
    assert [(x.agreement.kind, x.phase, x.by) for x in broken] == [
        ("PCE", "F1901M", "Italy"),
        ("NOT XDO", "F1901M", "Italy"),
    ]


def test_the_stab_limit_is_the_least_gain_an_agreement_was_broken_for() -> None:
    """StabLimit, "the observed minimum gain required for a country to violate its
    agreements": Italy, at peace with Austria, passed up Trieste in the spring (its army in
    Venice beside it) and broke the peace in the autumn for Vienna; Austria passed up
    Venice (its fleet in Trieste) and broke nothing."""
    peace = Agreement("PCE", frozenset({"Italy", "Austria"}), "S1901M")
    found = stab_limits(verdicts(STANDARD, _two_phases(), [peace]))
    assert found == [StabLimit("Austria", None, 1), StabLimit("Italy", 1, 1)]


def test_the_blocs_are_about_four_joined_friendliest_first() -> None:
    """ "Alliance thresholds are determined from this friendliness matrix in order to divide
    the seven countries into about 4 blocs": every pair is friendly here, so no fixed
    threshold would part them; the friendliest three pairs make three blocs and Turkey,
    friendly with Austria and England but less, is the fourth."""
    powers = tuple(p.name for p in STANDARD.powers)
    close = {("Austria", "England"): 5.0, ("France", "Germany"): 4.0, ("Italy", "Russia"): 3.0}
    close |= {("Austria", "Turkey"): 2.0, ("England", "Turkey"): 2.0}
    matrix = {
        a: {b: close.get((a, b), close.get((b, a), 1.0)) for b in powers if b != a} for a in powers
    }
    assert blocs(Relations(powers, matrix)) == [
        ("Austria", "England"),
        ("France", "Germany"),
        ("Italy", "Russia"),
        ("Turkey",),
    ]
    assert friends_of(Relations(powers, matrix), "Turkey") == frozenset()
