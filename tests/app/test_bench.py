"""`t24 bench` on a tiny sample: the files, their columns, reading them back, the checks, the peers."""

import csv
import json

import pytest

import t24
from t24 import bench
from t24.cli import main
from t24.text import hand_text

HANDS = [(1, 1, 1, 1), (3, 3, 8, 8), (4, 5, 6, 7)]


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    out = tmp_path_factory.mktemp("results")
    return out, bench.run_benchmark(
        out=out, hands=4, repeat=1, peers={}, growth_counts=(2, 3, 4), growth_hands=2,
        figures=False, progress=False, command="test",
    )


def _header(path):
    with open(path, newline="") as handle:
        return tuple(next(csv.reader(handle)))


def test_files_have_the_documented_columns(results):
    out, _ = results
    assert _header(out / "deck.csv") == ("method", "mode", "hand", "seconds", "answers")
    assert _header(out / "growth.csv") == (
        "count", "method", "mode", "hands", "seconds_median", "seconds_max", "candidates", "refused")
    assert _header(out / "peers.csv") == ("solver", "hands", "seconds", "answers", "ratio_vs_t24", "checked_ok")
    meta = json.loads((out / "meta.json").read_text())
    for key in ("date", "python", "platform", "machine", "cpus", "t24", "command", "hands", "peers"):
        assert key in meta
    assert meta["peers"] == {"game24": None, "point24": None}
    assert meta["hands"] == 4 and meta["command"] == "test"


def test_deck_rows_cover_every_method_mode_and_hand(results):
    _, loaded = results
    rows = loaded["deck"]
    assert len(rows) == len(t24.METHODS) * len(bench.MODES) * 4
    assert {(row["method"], row["mode"]) for row in rows} == {(m, mode) for m in t24.METHODS for mode in bench.MODES}
    for row in rows:
        assert isinstance(row["hand"], str) and isinstance(row["answers"], int) and isinstance(row["seconds"], float)
        assert row["seconds"] > 0


def test_deck_answer_counts_match_the_solvers(results):
    _, loaded = results
    for row in loaded["deck"]:
        hand = tuple(int(n) for n in row["hand"].split())
        if row["mode"] == "distinct":
            assert row["answers"] == len(t24.solve(hand, method="recursive", distinct=True))
        elif row["mode"] == "can_make":
            assert row["answers"] == int(t24.can_make(hand))
        elif row["mode"] == "first":
            assert row["answers"] == int(t24.can_make(hand))
        elif row["method"] in ("patterns", "postfix"):  # the two give the same set of trees
            other = "postfix" if row["method"] == "patterns" else "patterns"
            assert row["answers"] == len(t24.solve(hand, method=other))


def test_summary_and_checks(results):
    _, loaded = results
    summary = loaded["summary"]
    assert summary["hands"] == 4
    assert set(summary["methods"]) == set(t24.METHODS)
    for modes in summary["methods"].values():
        for figures in modes.values():
            assert figures["median_ms"] <= figures["p90_ms"] <= figures["max_ms"]
            assert figures["solvable"]["hands"] + figures["unsolvable"]["hands"] == 4
    assert summary["checks"]["distinct"]["agree"] and summary["checks"]["can_make"]["agree"]
    assert summary["checks"]["wrong_answers"] == 0
    assert summary["can_make_sweep_seconds"] == summary["methods"]["fast"]["can_make"]["sweep_seconds"]
    assert len(set(summary["distinct_answers_total"].values())) == 1
    table = bench.format_table(loaded)
    assert all(method in table for method in t24.METHODS)


def test_growth_rows_and_candidate_counts(results):
    _, loaded = results
    rows = {(r["count"], r["method"], r["mode"]): r for r in loaded["growth"]}
    assert {count for count, _, _ in rows} == {2, 3, 4}
    # Article 002: 36 x 18 x 6 = 3,888 final numbers for four cards.
    assert rows[(4, "recursive", "all")]["candidates"] == 3888
    assert rows[(2, "postfix", "all")]["candidates"] <= 1 * 2 * 4
    assert all(r["refused"] == 0 and r["hands"] == 2 for r in rows.values())
    assert all(r["seconds_median"] <= r["seconds_max"] for r in rows.values())


def test_growth_records_a_refusal():
    rows = bench.growth(counts=[6], methods=["patterns", "recursive"], modes=["all", "first"], size=1)
    by_key = {(r["method"], r["mode"]): r for r in rows}
    assert by_key[("patterns", "all")]["refused"] == 1
    assert by_key[("patterns", "all")]["seconds_median"] is None
    assert by_key[("recursive", "all")]["refused"] == 1
    assert by_key[("recursive", "first")]["refused"] == 0  # first answer: no up-front limit
    assert by_key[("recursive", "all")]["candidates"] == t24.methods.recursive.final_numbers(6)


def test_load_results_round_trips(tmp_path):
    meta = {"date": "d", "hands": 1}
    deck_rows = [{"method": "fast", "mode": "all", "hand": "3 3 8 8", "seconds": 0.25, "answers": 1}]
    growth_rows = [{"count": 6, "method": "patterns", "mode": "all", "hands": 0, "seconds_median": None,
                    "seconds_max": None, "candidates": 145244160, "refused": 1}]
    peer_rows = [{"solver": "t24 fast distinct", "hands": 1, "seconds": 0.5, "answers": 1, "ratio_vs_t24": 1.0,
                  "checked_ok": 1, "wrong": 0}]
    bench.save_results(tmp_path, meta, deck_rows, growth_rows, peer_rows, {"x": [1, 2]})
    loaded = bench.load_results(tmp_path)
    assert loaded["meta"] == meta
    assert loaded["deck"] == deck_rows
    assert loaded["growth"] == growth_rows
    assert loaded["peers"] == [{k: v for k, v in peer_rows[0].items() if k != "wrong"}]
    assert isinstance(loaded["peers"][0]["ratio_vs_t24"], float) and isinstance(loaded["peers"][0]["hands"], int)
    assert loaded["summary"] == {"x": [1, 2]}


def test_check_answers_catches_a_wrong_answer():
    right, wrong_value, wrong_cards = (t24.parse(text) for text in ("8/(3-8/3)", "8*3", "8*3*1*1"))
    assert bench.check_answers((3, 3, 8, 8), [right]) == []
    assert bench.check_answers((3, 3, 8, 8), [wrong_value, wrong_cards]) == ["8 * 3", "8 * 3 * 1 * 1"]


def test_agreement_notices_methods_that_differ():
    sweeps = [bench.sweep(method, "distinct", HANDS) for method in ("postfix", "fast")]
    assert bench.agreement(sweeps)["distinct"]["agree"]
    sweeps[1].texts[(4, 5, 6, 7)] = ("(5 + 7) * (6 - 4)",)
    assert bench.agreement(sweeps)["distinct"]["hands_that_differ"] == ["4 5 6 7"]


def test_percentile_is_nearest_rank():
    assert bench.percentile(list(range(1, 11)), 0.9) == 9
    assert bench.percentile([5.0], 0.9) == 5.0


def test_as_text_normalises_peer_symbols():
    assert t24.parse(bench.as_text("8 ÷ (3 − 8 ÷ 3)")).value == 24
    assert bench.as_text("(5 + 7) × (6 - 4)") == "(5 + 7) * (6 - 4)"


def _pretty_answers(hand):
    return [expr.pretty() for expr in t24.solve(hand, method="fast")]


def test_a_right_fake_peer_checks_ok():
    result = bench.run_peer(bench.Peer("fake", "1", _pretty_answers), HANDS)
    assert result["checked_ok"] == 1 and result["wrong"] == 0 and result["missed"] == 0
    assert result["answers"] == sum(len(t24.solve(hand, method="fast")) for hand in HANDS)


def test_a_wrong_fake_peer_is_caught():
    def sloppy(hand):
        if hand == (3, 3, 8, 8):
            return ["8 × 3"]  # 24, but not with the hand's numbers
        if hand == (4, 5, 6, 7):
            return []  # misses a solvable hand
        return _pretty_answers(hand)

    result = bench.run_peer(bench.Peer("sloppy", None, sloppy), HANDS)
    assert result["checked_ok"] == 0
    assert result["wrong"] == 1 and result["missed"] == 2  # 3 3 8 8 had no right answer either
    assert result["wrong_examples"][0].startswith("3 3 8 8: 8 * 3")


def test_a_peer_answer_for_an_unsolvable_hand_is_extra():
    result = bench.run_peer(bench.Peer("liar", None, lambda hand: ["1 + 1 + 1 + 1"]), [(1, 1, 1, 1)])
    assert result["extra"] == 1 and result["wrong"] == 1 and result["checked_ok"] == 0


def test_a_peer_that_raises_is_recorded_not_fatal():
    def fragile(hand):
        if hand == (4, 5, 6, 7):
            raise ValueError("no idea")
        return _pretty_answers(hand)

    result = bench.run_peer(bench.Peer("fragile", None, fragile), HANDS)
    assert result["errors"] == 1 and result["missed"] == 1 and result["checked_ok"] == 0
    assert result["wrong_examples"] == ["4 5 6 7: raised ValueError: no idea"]


def test_compare_peers_puts_the_baseline_first_with_ratios():
    peers = {"fake": bench.Peer("fake", "1", _pretty_answers), "four": bench.Peer("four", "1", _pretty_answers, 4)}
    rows = bench.compare_peers(HANDS + [(1, 2, 3, 4, 5)], peers)
    assert [row["solver"] for row in rows] == [bench.BASELINE, "fake", "four"]
    assert rows[0]["ratio_vs_t24"] == 1.0
    assert rows[1]["ratio_vs_t24"] == pytest.approx(rows[1]["seconds"] / rows[0]["seconds"])
    assert rows[2]["hands"] == len(HANDS) and rows[2]["ratio_vs_t24"] is None  # other hands: no ratio
    assert all(row["checked_ok"] == 1 for row in rows)


def test_load_peers_calls_each_solver_its_own_way(monkeypatch):
    import sys
    import types

    calls = []
    game24, calc, point24 = (types.ModuleType(name) for name in ("game24", "game24.calc", "point24"))
    calc.solve = lambda integers, target=24: calls.append(("game24", integers, target)) or ["8 ÷ (3 - 8 ÷ 3)"]
    point24.solve = lambda a, b, c, d, ans_aim=24: calls.append(("point24", (a, b, c, d), ans_aim)) or []
    game24.calc = calc
    for name, module in (("game24", game24), ("game24.calc", calc), ("point24", point24)):
        monkeypatch.setitem(sys.modules, name, module)
    peers = bench.load_peers()
    assert set(peers) == {"game24", "point24"}
    assert peers["point24"].max_cards == 4
    rows = bench.compare_peers([(3, 3, 8, 8)], peers)
    assert ("game24", [3, 3, 8, 8], 24) in calls and ("point24", (3, 3, 8, 8), 24) in calls
    by_solver = {row["solver"]: row for row in rows}
    assert by_solver["game24"]["checked_ok"] == 1
    assert by_solver["point24"]["missed"] == 1 and by_solver["point24"]["checked_ok"] == 0


def test_cli_bench_quick_runs_and_saves(tmp_path, capsys):
    code = main(["bench", "--quick", "--hands", "3", "--max-count", "3", "--growth-hands", "1", "--repeat", "1",
                 "--no-peers", "--no-progress", "--methods", "postfix,fast", "--out", str(tmp_path)])
    assert code == 0
    printed = capsys.readouterr().out
    assert "postfix" in printed and "saved in" in printed
    loaded = bench.load_results(tmp_path)
    assert loaded["meta"]["hands"] == 3
    assert loaded["meta"]["command"].startswith("t24 bench --quick --hands 3")
    assert {row["method"] for row in loaded["deck"]} == {"postfix", "fast"}
    assert {hand_text(h) for h in bench.sample_hands(3)} == {row["hand"] for row in loaded["deck"]}


def test_cli_bench_rejects_an_unknown_method(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["bench", "--methods", "magic"])
    assert stop.value.code == 2
    assert "unknown method 'magic'" in capsys.readouterr().err
