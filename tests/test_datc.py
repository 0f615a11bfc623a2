"""Every DATC 3.0 section 6 case, through `adjudicator.adjudicate`, under the DATC's
preferred rulings; the cases with a retreat phase also end to end from their movement."""

from __future__ import annotations

import pytest

from tests.datc import CASES, run_case, run_preceding


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_datc_case(case):
    run_case(case)


RETREAT_CASES = [c for c in CASES if "preceding" in c]


@pytest.mark.parametrize("case", RETREAT_CASES, ids=[c["id"] for c in RETREAT_CASES])
def test_datc_retreat_case_from_its_movement_phase(case):
    run_preceding(case)
