"""The soak of benchmarks/soak.py, scaled down: three `judge serve` nodes on one PostgreSQL
take mail at once (each its own listener; all answering, ticking and sending from the
shared tables), robots play games by mail through them, and a node is killed with SIGKILL
and started again twice. Checked, not timed: every accepted mail answered exactly once,
every phase's result sent once to each player, no phase later than the tick, every node
did work."""

from __future__ import annotations

from benchmarks.soak import run


def test_three_nodes_robots_by_mail_and_kills_lose_and_double_nothing(tmp_path, postgres_url):
    report = run(tmp_path, postgres_url, games=6, rate=10, kills=2, players=6)
    print(report)
    assert report["errors"] == [] and report["games"] == 6
    assert report["kills"] == 2
    assert report["unanswered"] == [] and report["answered_twice"] == {}
    assert report["results_not_once"] == {} and report["games_without_result"] == []
    assert report["relay_copies_twice"] == 0
    assert report["phases_late"] == 0
    assert all(cpu > 0 for cpu in report["cpu_per_node"])
    assert report["answering_processes"] >= 3  # every node answered some
