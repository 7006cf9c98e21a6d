"""`t24 bench` on a tiny run: the files and their columns, the two scopes, the ratios, the checks,
where results may be written (and never overwritten by mistake), reading them back, the peers."""

import csv
import json

import pytest

import t24
from t24 import bench
from t24.bench.peers import BASELINE, as_text, run_peer
from t24.bench.results import FILES, is_full_run, new_run_folder, prepare_out
from t24.cli import main
from t24.hand import InputError
from t24.methods import AS_WRITTEN, OPTIMISED
from t24.text import hand_text

HANDS = [(1, 1, 1, 1), (3, 3, 8, 8), (4, 5, 6, 7)]
SAMPLE, DECK = 3, 6  # every method sweeps 3 hands; the optimised ones 6 (standing in for the deck)


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    out = tmp_path_factory.mktemp("results")
    return out, bench.run_benchmark(
        out=out, hands=DECK, sample=SAMPLE, repeat=1, peers={}, growth_counts=(2, 3, 4), growth_hands=2,
        figures=False, progress=False, command="test",
    )


def _header(path):
    with open(path, newline="") as handle:
        return tuple(next(csv.reader(handle)))


def _keys(value):
    """Every key in a nest of dicts and lists."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


# -- the files ----------------------------------------------------------------------------------

def test_files_have_the_documented_columns(results):
    out, _ = results
    assert sorted(path.name for path in out.iterdir()) == sorted(FILES)  # no staged leftovers
    assert _header(out / "deck.csv") == ("scope", "method", "mode", "hand", "seconds", "answers")
    assert _header(out / "growth.csv") == (
        "count", "method", "mode", "hands", "seconds_median", "seconds_max", "candidates", "refused")
    assert _header(out / "peers.csv") == ("solver", "hands", "seconds", "answers", "ratio_vs_t24", "checked_ok")
    meta = json.loads((out / "meta.json").read_text())
    for key in ("date", "python", "platform", "machine", "processor", "cpus", "t24", "git", "command", "clock",
                "full_deck", "hands", "sample_hands", "methods", "as_written", "modes", "seed", "repeats", "growth"):
        assert key in meta
    assert meta["full_deck"] is False and meta["hands"] == DECK and meta["sample_hands"] == SAMPLE
    assert meta["peers"] == {"game24": None, "point24": None}
    assert meta["as_written"] == list(AS_WRITTEN) and meta["command"] == "test"


def test_every_method_sweeps_the_sample_and_the_optimised_ones_the_deck(results):
    _, loaded = results
    sample = [row for row in loaded["deck"] if row["scope"] == "sample"]
    deck = [row for row in loaded["deck"] if row["scope"] == "deck"]
    assert len(sample) == len(t24.METHODS) * len(bench.MODES) * SAMPLE
    assert {row["method"] for row in sample} == set(t24.METHODS)
    assert len(deck) == len(OPTIMISED) * len(bench.MODES) * DECK
    assert {row["method"] for row in deck} == set(OPTIMISED)  # the as-written methods sweep the sample only
    assert {row["hand"] for row in sample} < {row["hand"] for row in deck}
    assert {row["hand"] for row in deck} == {hand_text(hand) for hand in bench.sample_hands(DECK)}
    for row in loaded["deck"]:
        assert isinstance(row["hand"], str) and isinstance(row["answers"], int) and isinstance(row["seconds"], float)
        assert row["seconds"] > 0


def test_answer_counts_match_the_solvers(results):
    _, loaded = results
    for row in loaded["deck"]:
        hand = tuple(int(n) for n in row["hand"].split())
        if row["mode"] == "distinct":
            assert row["answers"] == len(t24.solve(hand, method="fast"))
        elif row["mode"] in ("can_make", "first"):
            assert row["answers"] == int(t24.can_make(hand))
        elif row["method"] != "fast":
            assert row["answers"] == len(t24.solve(hand, method=row["method"]))


def test_summary_has_both_scopes_ratios_and_no_pass_or_fail(results):
    _, loaded = results
    summary = loaded["summary"]
    assert summary["sample_hands"] == SAMPLE and summary["deck_hands"] == DECK
    assert summary["as_written"] == list(AS_WRITTEN)
    assert set(summary["sample"]) == set(t24.METHODS) and set(summary["deck"]) == set(OPTIMISED)
    for scope in ("sample", "deck"):
        for modes in summary[scope].values():
            for figures in modes.values():
                assert figures["median_ms"] <= figures["p90_ms"] <= figures["max_ms"]
                hands = SAMPLE if scope == "sample" else DECK
                assert figures["solvable"]["hands"] + figures["unsolvable"]["hands"] == hands
    for mode, ratios in summary["ratio_vs_fast"].items():
        assert ratios["fast"] == 1.0
        for method, ratio in ratios.items():
            seconds = summary["sample"][method][mode]["sweep_seconds"]
            assert ratio == pytest.approx(seconds / summary["sample"]["fast"][mode]["sweep_seconds"])
    assert not {"target", "targets", "pass", "passed", "fail", "failed", "ok"} & _keys(summary)
    assert "deck_figures" not in summary  # figures=False


def test_the_checks_agree_on_both_scopes(results):
    _, loaded = results
    checks = loaded["summary"]["checks"]
    for key in ("sample distinct", "sample can_make", "deck distinct", "deck can_make"):
        assert checks[key]["agree"], key
    assert checks["sample distinct"]["methods"] == list(t24.METHODS)
    assert checks["wrong_answers"] == 0 and checks["wrong_examples"] == []
    totals = loaded["summary"]["distinct_answers_total"]
    assert len({n for key, n in totals.items() if key.startswith("sample")}) == 1


def test_growth_rows_and_candidate_counts(results):
    _, loaded = results
    rows = {(r["count"], r["method"], r["mode"]): r for r in loaded["growth"]}
    assert {count for count, _, _ in rows} == {2, 3, 4}
    # "24点经典算法": 36 x 18 x 6 = 3,888 final numbers for four cards.
    assert rows[(4, "recursive", "all")]["candidates"] == 3888
    assert rows[(2, "postfix", "all")]["candidates"] <= 1 * 2 * 4
    assert all(r["refused"] == 0 and r["hands"] == 2 for r in rows.values())
    assert all(r["seconds_median"] <= r["seconds_max"] for r in rows.values())


def test_growth_records_a_refusal_without_waiting():
    rows = bench.growth(counts=[6, 8], methods=["patterns", "recursive", "fast"], modes=["all", "first"], size=1)
    by_key = {(r["count"], r["method"], r["mode"]): r for r in rows}
    for mode in ("all", "first"):  # six cards: refused up front, even for the first answer
        assert by_key[(6, "patterns", mode)]["refused"] == 1
        assert by_key[(6, "recursive", mode)]["refused"] == 1
        assert by_key[(6, "recursive", mode)]["seconds_median"] is None
        assert by_key[(8, "fast", mode)]["refused"] == 1
    assert by_key[(6, "recursive", "all")]["candidates"] == t24.methods.sizes.final_numbers(6)
    assert by_key[(6, "fast", "first")]["refused"] == 0
    assert by_key[(8, "fast", "all")]["candidates"] is None  # past fast's limit: not counted either


def test_format_table_says_the_scopes_and_counts_in_words(results):
    _, loaded = results
    table = bench.format_table(loaded)
    assert f"every method, the same {SAMPLE} hands:" in table
    assert f"the optimised methods, {DECK} hands:" in table
    assert "as post" in table and "optimised" in table and "wrong answers: 0" in table
    one = json.loads(json.dumps(loaded))
    one["summary"]["sample_hands"] = 1
    assert "every method, the same 1 hand:" in bench.format_table(one)


# -- where results go -----------------------------------------------------------------------------

def _fake_run(folder, full):
    folder.mkdir(parents=True, exist_ok=True)
    for name in FILES:
        (folder / name).write_text("{}\n" if name.endswith(".json") else "x\n")
    (folder / "meta.json").write_text(json.dumps({"full_deck": full}))
    return folder


def test_new_run_folder_is_dated_under_t24_bench():
    import datetime

    folder = new_run_folder(datetime.datetime(2026, 11, 30, 17, 5, 9))
    assert folder.as_posix() == "t24-bench/2026-11-30-170509"


def test_prepare_out_creates_a_new_folder(tmp_path):
    assert prepare_out(tmp_path / "a" / "b").is_dir()
    assert prepare_out(tmp_path / "a" / "b") == tmp_path / "a" / "b"  # empty: fine again
    assert list((tmp_path / "a" / "b").iterdir()) == []  # the write check leaves nothing


def test_prepare_out_refuses_a_file_and_a_path_under_a_file(tmp_path):
    afile = tmp_path / "notes.txt"
    afile.write_text("keep me")
    with pytest.raises(InputError, match="it is a file, not a folder"):
        prepare_out(afile)
    with pytest.raises(InputError, match="cannot save results in .*notes.txt/sub"):
        prepare_out(afile / "sub")
    assert afile.read_text() == "keep me"


def test_prepare_out_needs_replace_to_overwrite_results(tmp_path):
    run = _fake_run(tmp_path / "run", full=False)
    with pytest.raises(InputError, match="already holds results; choose a new folder with --out, or pass --replace"):
        prepare_out(run, full=False)
    assert prepare_out(run, replace=True, full=False) == run


def test_a_sample_never_replaces_a_full_run(tmp_path):
    run = _fake_run(tmp_path / "run", full=True)
    assert is_full_run(run)
    with pytest.raises(InputError, match="holds a full run of the deck; a sample .* never replaces it"):
        prepare_out(run, replace=True, full=False)
    assert prepare_out(run, replace=True, full=True) == run  # a full run may, when told to


def test_save_results_never_leaves_a_mix_of_old_and_new_files(tmp_path, monkeypatch):
    from t24.bench import results as results_module

    run = _fake_run(tmp_path / "run", full=True)
    before = {name: (run / name).read_text() for name in FILES}

    def full_disk(path, columns, rows):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(results_module, "_write_csv", full_disk)
    with pytest.raises(OSError):
        bench.save_results(run, {"full_deck": False}, [], [], [], {})
    assert {name: (run / name).read_text() for name in FILES} == before
    assert sorted(path.name for path in run.iterdir()) == sorted(FILES)


# -- reading results back -------------------------------------------------------------------------

def test_load_results_round_trips(tmp_path):
    meta = {"date": "d", "hands": 1, "full_deck": False}
    deck_rows = [{"scope": "sample", "method": "fast", "mode": "all", "hand": "3 3 8 8", "seconds": 0.25, "answers": 1}]
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


def test_missing_results_name_the_command_that_makes_them(tmp_path):
    with pytest.raises(FileNotFoundError) as caught:
        bench.load_results(tmp_path / "nothing")
    message = str(caught.value)
    assert "\n" not in message
    assert message == (
        f"no benchmark results in {tmp_path / 'nothing'} (missing meta.json, deck.csv, growth.csv, peers.csv, "
        f"summary.json); t24 bench --out {tmp_path / 'nothing'} makes them"
    )


def test_the_shipped_results_load_with_the_current_layout():
    loaded = bench.load_results()
    assert set(loaded) == {"meta", "deck", "growth", "peers", "summary"}
    assert bench.shipped_results().joinpath("meta.json").is_file()
    assert {"sample", "deck", "ratio_vs_fast", "as_written", "checks", "peers"} <= set(loaded["summary"])
    assert {row["scope"] for row in loaded["deck"]} == {"sample", "deck"}
    assert loaded["meta"]["full_deck"] is True  # only a full run replaces the shipped results
    assert loaded["summary"]["deck_hands"] == 1820 and "deck_figures" in loaded["summary"]
    assert loaded["summary"]["checks"]["wrong_answers"] == 0


# -- checks and peers -----------------------------------------------------------------------------

def test_check_answers_catches_a_wrong_answer():
    right, wrong_value, wrong_cards = (t24.parse(text) for text in ("8/(3-8/3)", "8*3", "8*3*1*1"))
    assert bench.check_answers((3, 3, 8, 8), [right]) == []
    assert bench.check_answers((3, 3, 8, 8), [wrong_value, wrong_cards]) == ["8 * 3", "8 * 3 * 1 * 1"]


def test_agreement_notices_methods_that_differ():
    sweeps = [bench.sweep(method, "distinct", HANDS) for method in ("postfix", "fast")]
    assert bench.agreement(sweeps)["sample distinct"]["agree"]
    sweeps[1].texts[(4, 5, 6, 7)] = ("(5 + 7) * (6 - 4)",)
    assert bench.agreement(sweeps)["sample distinct"]["hands_that_differ"] == ["4 5 6 7"]


def test_ratios_come_from_the_same_run():
    sweeps = [bench.sweep(method, "first", HANDS) for method in ("recursive", "fast")]
    ratio = bench.ratios(sweeps)["first"]
    assert ratio["fast"] == 1.0
    assert ratio["recursive"] == pytest.approx(sweeps[0].sweep_seconds / sweeps[1].sweep_seconds)


def test_percentile_is_nearest_rank():
    from t24.bench.run import percentile

    assert percentile(list(range(1, 11)), 0.9) == 9
    assert percentile([5.0], 0.9) == 5.0


def test_as_text_normalises_peer_symbols():
    assert t24.parse(as_text("8 ÷ (3 − 8 ÷ 3)")).value == 24
    assert as_text("(5 + 7) × (6 - 4)") == "(5 + 7) * (6 - 4)"


def _answers(hand):
    return [str(expr) for expr in t24.solve(hand, method="fast")]


def test_a_right_fake_peer_checks_ok():
    result = run_peer(bench.Peer("fake", "1", _answers), HANDS)
    assert result["checked_ok"] == 1 and result["wrong"] == 0 and result["missed"] == 0
    assert result["answers"] == sum(len(t24.solve(hand, method="fast")) for hand in HANDS)


def test_a_wrong_fake_peer_is_caught():
    def sloppy(hand):
        if hand == (3, 3, 8, 8):
            return ["8 × 3"]  # 24, but not with the hand's numbers
        if hand == (4, 5, 6, 7):
            return []  # misses a solvable hand
        return _answers(hand)

    result = run_peer(bench.Peer("sloppy", None, sloppy), HANDS)
    assert result["checked_ok"] == 0
    assert result["wrong"] == 1 and result["missed"] == 2  # 3 3 8 8 had no right answer either
    assert result["wrong_examples"][0].startswith("3 3 8 8: 8 * 3")


def test_a_peer_that_raises_is_recorded_not_fatal():
    def fragile(hand):
        if hand == (4, 5, 6, 7):
            raise ValueError("no idea")
        return _answers(hand)

    result = run_peer(bench.Peer("fragile", None, fragile), HANDS)
    assert result["errors"] == 1 and result["missed"] == 1 and result["checked_ok"] == 0
    assert result["wrong_examples"] == ["4 5 6 7: raised ValueError: no idea"]


def test_compare_peers_puts_the_baseline_first_with_ratios():
    peers = {"fake": bench.Peer("fake", "1", _answers), "four": bench.Peer("four", "1", _answers, 4)}
    rows = bench.compare_peers(HANDS + [(1, 2, 3, 4, 5)], peers)
    assert [row["solver"] for row in rows] == [BASELINE, "fake", "four"]
    assert rows[0]["ratio_vs_t24"] == 1.0
    assert rows[1]["ratio_vs_t24"] == pytest.approx(rows[1]["seconds"] / rows[0]["seconds"])
    assert rows[2]["hands"] == len(HANDS) and rows[2]["ratio_vs_t24"] is None  # other hands: no ratio
    assert all(row["checked_ok"] == 1 for row in rows)


# -- the command ----------------------------------------------------------------------------------

def test_cli_bench_quick_runs_and_saves(tmp_path, capsys):
    out = tmp_path / "run"
    code = main(["bench", "--quick", "--no-peers", "--no-progress", "--sample", "2", "--hands", "3",
                 "--max-count", "3", "--growth-hands", "1", "--repeat", "1", "--out", str(out)])
    assert code == 0
    printed = capsys.readouterr().out
    assert "every method, the same 2 hands:" in printed and "the optimised methods, 3 hands:" in printed
    assert printed.rstrip().endswith(f"saved in {out}/ (meta.json, deck.csv, growth.csv, peers.csv, summary.json)")
    loaded = bench.load_results(out)
    assert loaded["meta"]["full_deck"] is False and loaded["meta"]["hands"] == 3
    assert loaded["meta"]["command"].startswith("t24 bench --quick --no-peers --hands 3 --sample 2")
    assert {row["method"] for row in loaded["deck"] if row["scope"] == "sample"} == set(t24.METHODS)
    assert {row["method"] for row in loaded["deck"] if row["scope"] == "deck"} == set(OPTIMISED)
    # again into the same folder: refused before any work, the results kept
    before = (out / "deck.csv").read_text()
    assert main(["bench", "--quick", "--no-peers", "--out", str(out)]) == 2
    assert "already holds results" in capsys.readouterr().err
    assert (out / "deck.csv").read_text() == before


def test_cli_bench_rejects_an_unknown_method(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["bench", "--methods", "magic"])
    assert stop.value.code == 2
    assert "unknown method 'magic'" in capsys.readouterr().err
