"""Machiavelli's dice: the same seed and phase roll the same, each rule from its own stream,
and every roll is recorded (docs/machiavelli.md, "Randomness")."""

from __future__ import annotations

from adjudicator.machiavelli.dice import Dice


def test_the_same_seed_and_phase_roll_the_same_and_are_recorded() -> None:
    first, again = Dice(7, "F1454A"), Dice(7, "F1454A")
    rolls = [first.roll("famine", count=2) for _ in range(5)]
    assert rolls == [again.roll("famine", count=2) for _ in range(5)]
    assert all(1 <= die <= 6 for pair in rolls for die in pair)
    assert first.events[0] == {"event": "die", "for": "famine", "rolls": rolls[0]}


def test_another_phase_or_seed_rolls_otherwise() -> None:
    def hundred(seed: int, phase: str) -> list[int]:
        return Dice(seed, phase).roll("plague", count=100)

    assert hundred(7, "F1454A") != hundred(7, "F1455A")
    assert hundred(7, "F1454A") != hundred(8, "F1454A")


def test_one_rules_rolls_do_not_shift_anothers() -> None:
    alone = Dice(3, "S1455M").roll("storms", count=10)
    after_others = Dice(3, "S1455M")
    after_others.roll("variable income", "Florence", count=2)
    assert after_others.roll("storms", count=10) == alone
    assert after_others.events[0]["for"] == "variable income Florence"
