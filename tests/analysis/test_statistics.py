"""Bootstrap intervals, paired comparisons, consistency over seeds, pass^k and correlations."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from aspera_workbench.analysis.frames import runs_frame
from aspera_workbench.analysis.statistics import (
    NO_SEED,
    benchmark_correlation,
    bootstrap_interval,
    cluster_interval,
    cohens_kappa,
    kappa_interval,
    mcnemar_test,
    paired_comparison,
    pass_at_k,
    pass_hat_k,
    pass_k_table,
    ratio_interval,
    seed_consistency,
    seed_list,
    sign_flip_test,
    success_summary,
    verdict_flips,
)
from tests.analysis.support import model_run

S, F = "success", "task_completion_error"


@pytest.fixture
def runs(tmp_path: Path) -> pd.DataFrame:
    a = model_run(
        tmp_path / "a.jsonl",
        "model-a",
        "cck",
        {
            0: {"1": S, "2": S, "3": F, "4": S},
            1: {"1": S, "2": F, "3": F, "4": S},
            2: {"1": S, "2": S, "3": F, "4": "model_error"},
        },
    )
    b = model_run(
        tmp_path / "b.jsonl",
        "model-b",
        "cck",
        {0: {"1": F, "2": F, "3": S, "4": F}, 1: {"1": F, "2": F, "3": F, "4": F}},
    )
    return runs_frame([a, b])


def test_bootstrap_interval_is_seeded_and_brackets_the_mean():
    values = np.array([0, 1, 1, 0, 1, 1, 1, 0, 1, 1], dtype=float)
    first = bootstrap_interval(values, samples=500, seed=3)
    assert first == bootstrap_interval(values, samples=500, seed=3)
    assert first[0] < values.mean() < first[1]
    assert bootstrap_interval([1.0] * 8) == (1.0, 1.0)
    assert all(math.isnan(v) for v in bootstrap_interval([]))
    narrow = bootstrap_interval(values, samples=500, seed=3, confidence=0.5)
    assert first[0] <= narrow[0] < narrow[1] <= first[1]
    with pytest.raises(ValueError):
        bootstrap_interval(values, confidence=1.5)


def test_success_summary_averages_seeds_and_keeps_model_errors_out(runs: pd.DataFrame):
    summary = success_summary(runs)
    a = summary.loc["model-a (CCK)"]
    assert (a["tasks"], a["seeds"], a["programs"], a["model_errors"], a["success"]) == (4, 3, 11, 1, 7)
    per_seed = [3 / 4, 2 / 4, 2 / 3]
    assert a["seed_mean"] == pytest.approx(np.mean(per_seed))
    assert a["seed_sd"] == pytest.approx(np.std(per_seed, ddof=1))
    assert a["ci_low"] <= a["seed_mean"] <= a["ci_high"]
    assert summary.loc["model-b (CCK)", "success"] == 1


def test_mcnemar_exact_test_is_a_two_sided_binomial_test_of_the_discordant_pairs():
    assert mcnemar_test(0, 15) == pytest.approx(2 * 0.5**15)
    assert mcnemar_test(3, 1) == pytest.approx(0.625)  # 2 * P(X <= 1), X ~ Bin(4, 1/2)
    assert mcnemar_test(0, 0) == 1.0


def test_paired_comparison_pairs_seeds_and_counts_discordant_tasks(runs: pd.DataFrame):
    result = paired_comparison(runs, "model-a (CCK)", "model-b (CCK)")
    # shared seeds 0 and 1; model-a has no verdict for task 4 under seed 2 (not shared anyway)
    assert result["pairs"] == 8 and result["tasks"] == 4
    assert (result["only_a"], result["only_b"]) == (5, 1)
    # two paired verdicts per task: the test is on the per-task differences of shares (1, 1/2, -1/2, 1)
    assert result["p_value"] == pytest.approx(sign_flip_test([1, 0.5, -0.5, 1]))
    assert result["difference"] == pytest.approx(result["success_a"] - result["success_b"])
    assert result["ci_low"] <= result["difference"] <= result["ci_high"]
    with pytest.raises(KeyError, match="no judged rows"):
        paired_comparison(runs, "model-a (CCK)", "nobody")


def test_pass_hat_k_and_pass_at_k_are_the_unbiased_estimates():
    assert pass_hat_k(2, 3, 2) == pytest.approx(1 / 3)  # C(2,2)/C(3,2)
    assert pass_hat_k(3, 3, 3) == 1.0 and pass_hat_k(0, 3, 1) == 0.0
    assert pass_at_k(1, 3, 2) == pytest.approx(1 - 1 / 3)  # 1 - C(2,2)/C(3,2)
    with pytest.raises(ValueError):
        pass_hat_k(1, 3, 4)


def test_consistency_flips_and_pass_k_over_seeds(runs: pd.DataFrame):
    consistency = seed_consistency(runs).set_index(["system", "task_id"])
    assert bool(consistency.loc[("model-a (CCK)", "1"), "consistent"])
    assert bool(consistency.loc[("model-a (CCK)", "2"), "flips"])  # S, F, S
    flips = verdict_flips(runs).set_index(["system", "seed_a", "seed_b"])
    assert flips.loc[("model-a (CCK)", "0", "1"), "flips"] == 1  # task 2
    assert flips.loc[("model-a (CCK)", "any", "any"), ["tasks", "flips"]].tolist() == [4, 1]
    assert flips.loc[("model-b (CCK)", "any", "any"), "flips"] == 1  # task 3
    table = pass_k_table(runs).set_index(["system", "k"])
    assert sorted(k for system, k in table.index if system == "model-a (CCK)") == [1, 2]  # task 4 has 2 verdicts
    # model-a, k = 2: task 1: 3/3 -> 1; task 2: C(2,2)/C(3,2) = 1/3; task 3: 0; task 4: 2 of 2 -> 1
    assert table.loc[("model-a (CCK)", 2), "pass^k (%)"] == pytest.approx(100 * (1 + 1 / 3 + 0 + 1) / 4)


def test_pass_k_table_is_in_percent_with_intervals_over_tasks(runs: pd.DataFrame):
    from aspera_workbench.analysis.statistics import success_interval
    from aspera_workbench.analysis.wilson import wilson_interval

    table = pass_k_table(runs).set_index(["system", "k"])
    row = table.loc[("model-a (CCK)", 2)]
    hat = [1, 1 / 3, 0, 1]  # per task, as above; verdicts 3, 3, 3, 2
    low, high = success_interval(hat, [3, 3, 3, 2])
    assert (row["pass^k CI low (%)"], row["pass^k CI high (%)"]) == pytest.approx((100 * low, 100 * high))
    assert row["pass^k CI low (%)"] < row["pass^k (%)"] < row["pass^k CI high (%)"]
    assert row["pass@k CI low (%)"] <= row["pass@k (%)"] <= row["pass@k CI high (%)"]
    # model-b, k = 2 (two seeds): pass@2 is 1 on task 3 only, a binary share per task: Wilson's 1 of 4
    both = table.loc[("model-b (CCK)", 2)]
    expected = tuple(100 * v for v in wilson_interval(1, 4))
    assert (both["pass@k CI low (%)"], both["pass@k CI high (%)"]) == pytest.approx(expected)


def test_benchmark_correlation_is_rank_based_with_intervals():
    success = pd.Series({"a": 0.9, "b": 0.5, "c": 0.2, "d": 0.1})
    scores = pd.DataFrame(
        {
            "model": ["a", "b", "c", "d", "a", "b", "c", "d", "zzz"],
            "benchmark": ["x"] * 4 + ["y"] * 4 + ["x"],
            "score": [80, 60, 50, 10, 1, 2, 3, 4, 99],
        }
    )
    table = benchmark_correlation(success, scores, samples=200).set_index("benchmark")
    assert table.loc["x", "models"] == 4  # "zzz" has no success rate
    assert table.loc["x", "spearman"] == pytest.approx(1.0) and table.loc["x", "kendall"] == pytest.approx(1.0)
    assert table.loc["y", "spearman"] == pytest.approx(-1.0)
    assert table.loc["x", "spearman_low"] <= 1.0 <= table.loc["x", "spearman_high"] + 1e-12
    with pytest.raises(ValueError, match="model, benchmark, score"):
        benchmark_correlation(success, scores.drop(columns=["score"]))


def test_the_comparison_table_gives_rates_in_percent(runs: pd.DataFrame):
    from aspera_workbench.analysis.statistics import paired_comparisons

    table = paired_comparisons(runs)
    assert list(table[["system A", "system B"]].iloc[0]) == ["model-a (CCK)", "model-b (CCK)"]
    single = paired_comparison(runs, "model-a (CCK)", "model-b (CCK)")
    assert table.iloc[0]["A - B (%)"] == pytest.approx(100 * single["difference"])
    assert table.iloc[0]["p"] == pytest.approx(single["p_value"]) and table.iloc[0]["test"] == single["test"]


def test_cohens_kappa_against_hand_computed_values():
    # 50 items: both yes 20, first yes only 5, second yes only 10, both no 15.
    # p_o = 35/50 = 0.7; p_e = 0.5 * 0.6 + 0.5 * 0.4 = 0.5; kappa = (0.7 - 0.5) / (1 - 0.5) = 0.4
    first = [True] * 25 + [False] * 25
    second = [True] * 20 + [False] * 5 + [True] * 10 + [False] * 15
    assert cohens_kappa(first, second) == pytest.approx(0.4)
    assert cohens_kappa(second, first) == pytest.approx(0.4)  # symmetric
    # three labels, one disagreement: p_o = 5/6; first (a 2, b 2, c 2), second (a 3, b 1, c 2):
    # p_e = (2*3 + 2*1 + 2*2) / 36 = 1/3; kappa = (5/6 - 1/3) / (2/3) = 0.75
    assert cohens_kappa(list("aabbcc"), list("aabacc")) == pytest.approx(0.75)
    assert cohens_kappa([1, 0, 1, 0], [1, 0, 1, 0]) == 1.0  # perfect agreement
    assert cohens_kappa([1, 0], [0, 1]) == -1.0  # p_o = 0, p_e = 0.5
    assert cohens_kappa([1, 1, 1, 1], [1, 1, 0, 0]) == 0.0  # one rater constant: p_o = p_e = 0.5


def test_cohens_kappa_is_undefined_when_chance_explains_everything():
    assert math.isnan(cohens_kappa([True, True, True], [True, True, True]))  # p_e = 1
    assert math.isnan(cohens_kappa([], []))
    with pytest.raises(ValueError, match="different numbers of items"):
        cohens_kappa([1, 0], [1])


def test_kappa_interval_resamples_whole_groups_and_skips_undefined_resamples():
    first = [True] * 25 + [False] * 25
    second = [True] * 20 + [False] * 5 + [True] * 10 + [False] * 15
    low, high = kappa_interval(first, second, samples=500, seed=3)
    assert low < 0.4 < high and (low, high) == kappa_interval(first, second, samples=500, seed=3)
    # Two groups that each agree perfectly with one label: a resample of one group only has p_e = 1
    # (skipped); resamples holding both groups give kappa 1.
    assert kappa_interval([1, 1, 0, 0], [1, 1, 0, 0], groups=["a", "a", "b", "b"], samples=200) == (1.0, 1.0)
    # Grouping changes the interval: the same items in few large groups vary more.
    groups = [number // 10 for number in range(50)]
    clustered = kappa_interval(first, second, groups=groups, samples=500, seed=3)
    assert clustered[1] - clustered[0] > high - low
    assert all(math.isnan(v) for v in kappa_interval([], [], samples=10))
    with pytest.raises(ValueError, match="one group per item"):
        kappa_interval([1, 0], [1, 0], groups=["a"])


def test_cluster_interval_draws_whole_clusters_and_is_the_plain_bootstrap_for_single_items():
    values = np.array([0.0, 0.0, 0.0, 1.0])

    def mean_of(rows: np.ndarray) -> float:
        return float(values[rows].mean())

    # Two clusters {0, 1, 2} and {3}: a resample's mean is 0, 1/4 or 1, never what single items give (e.g. 1/2).
    seen: list[float] = []

    def recorded(rows: np.ndarray) -> float:
        seen.append(mean_of(rows))
        return seen[-1]

    low, high = cluster_interval(range(4), "aaab", recorded, samples=200)
    assert set(seen) == {0.0, 0.25, 1.0} and (low, high) == (0.0, 1.0)
    assert cluster_interval(range(4), range(4), mean_of, samples=300, seed=4) == bootstrap_interval(
        values, samples=300, seed=4
    )
    assert all(math.isnan(v) for v in cluster_interval([], [], mean_of, samples=10))
    with pytest.raises(ValueError, match="3 clusters for 4 items"):
        cluster_interval(range(4), "aab", mean_of)


def test_ratio_interval_keeps_numerator_and_denominator_together_and_drops_empty_clusters():
    assert ratio_interval([1, 5], [2, 0], samples=50) == (0.5, 0.5)
    low, high = ratio_interval([0, 3], [1, 3], samples=400, seed=1)
    assert 0.0 <= low < 3 / 4 < high <= 1.0
    assert all(math.isnan(v) for v in ratio_interval([2], [0], samples=10))
    with pytest.raises(ValueError, match="samples"):
        ratio_interval([1], [1], samples=0)


@pytest.fixture
def seeded_and_unseeded(tmp_path: Path) -> pd.DataFrame:
    """A three-seed system (seeds 0, 1, 2) and a system without seeds, on four tasks."""
    seeded = model_run(
        tmp_path / "seeded.jsonl",
        "model-a",
        "cck",
        {
            0: {"1": S, "2": S, "3": F, "4": F},
            1: {"1": F, "2": S, "3": F, "4": F},
            2: {"1": F, "2": S, "3": S, "4": F},
        },
    )
    single = model_run(tmp_path / "single.jsonl", "model-b", "cck", {None: {"1": F, "2": F, "3": F, "4": S}})
    return runs_frame([seeded, single])


def test_paired_comparison_without_shared_seeds_uses_every_seed_of_each_system(seeded_and_unseeded):
    result = paired_comparison(seeded_and_unseeded, "model-a (CCK)", "model-b (CCK)")
    # model-a per task over seeds 0, 1, 2: 1/3, 1, 1/3, 0 -> mean 5/12 (seed 0 alone would give 1/2)
    assert result["success_a"] == pytest.approx(5 / 12)
    assert result["success_b"] == pytest.approx(1 / 4)
    assert result["tasks"] == 4 and result["paired_on"] == "task (means over seeds)"
    assert (result["seeds_a"], result["seeds_b"]) == ("0, 1, 2", NO_SEED)
    # tasks where one system's share is higher: a ahead on 1, 2, 3; b ahead on 4
    assert (result["only_a"], result["only_b"]) == (3, 1)
    # several verdicts of a per task: no binary pairs for McNemar; the sign-flip test on task means instead
    assert result["test"] == "sign-flip exact (task means)"
    summary = success_summary(seeded_and_unseeded)
    assert result["success_a"] == pytest.approx(summary.loc["model-a (CCK)", "seed_mean"])


def test_paired_comparison_uses_mcnemar_only_for_one_verdict_per_task_and_system(runs: pd.DataFrame):
    both_seeds = paired_comparison(runs, "model-a (CCK)", "model-b (CCK)")
    assert both_seeds["paired_on"] == "task and seed" and both_seeds["seeds_a"] == both_seeds["seeds_b"] == "0, 1"
    assert both_seeds["test"] == "sign-flip exact (task means)"
    only_seed_0 = runs[(runs["seed"] == 0) | runs["seed"].isna()]
    single = paired_comparison(only_seed_0, "model-a (CCK)", "model-b (CCK)")
    assert single["test"] == "McNemar exact" and single["p_value"] == pytest.approx(
        mcnemar_test(single["only_a"], single["only_b"])
    )


def test_sign_flip_test_is_mcnemar_for_binary_pairs_and_exact_for_shares():
    # binary differences: +1 five times, -1 once, zeros ignored -> McNemar's exact test of 5 against 1
    assert sign_flip_test([1, 1, 1, 1, 1, -1, 0, 0]) == pytest.approx(mcnemar_test(5, 1))
    assert sign_flip_test([0, 0]) == 1.0
    # two tasks differing by 1/3 and 2/3: sums +-1/3, +-1 each with chance 1/4; |S| >= 1 has chance 1/2
    assert sign_flip_test([1 / 3, 2 / 3]) == pytest.approx(0.5)


def test_the_comparison_table_says_which_seeds_it_paired_and_matches_table_3(seeded_and_unseeded):
    from aspera_workbench.analysis.result_tables import success_table
    from aspera_workbench.analysis.statistics import paired_comparisons

    table = paired_comparisons(seeded_and_unseeded).iloc[0]
    assert (table["seeds A"], table["seeds B"], table["paired on"]) == ("0, 1, 2", NO_SEED, "task (means over seeds)")
    success = success_table(seeded_and_unseeded, paper=False)
    assert table["success A (%)"] == pytest.approx(success.loc["model-a (CCK)", "success (%)"])
    assert table["success B (%)"] == pytest.approx(success.loc["model-b (CCK)", "success (%)"])


def test_success_interval_is_wilson_for_one_verdict_per_task_even_at_0_and_100_percent():
    from aspera_workbench.analysis.statistics import success_interval
    from aspera_workbench.analysis.wilson import wilson_interval

    for successes in (0, 15, 84):
        shares = [1.0] * successes + [0.0] * (84 - successes)
        low, high = success_interval(shares)
        assert (low, high) == pytest.approx(wilson_interval(successes, 84))
        assert high - low > 0.04  # never the point a percentile bootstrap gives at 0/84 or 84/84
    assert success_interval([0.0] * 84)[1] == pytest.approx(0.0437, abs=5e-4)


def test_success_interval_with_seeds_uses_the_spread_between_tasks():
    from aspera_workbench.analysis.statistics import success_interval
    from aspera_workbench.analysis.wilson import wilson_interval

    # deterministic tasks (every seed agrees): three seeds tell no more than one
    agreeing = [1.0] * 20 + [0.0] * 64
    assert success_interval(agreeing, [3] * 84) == pytest.approx(wilson_interval(20, 84))
    # every task at 0 % over three seeds: the task count is the sample, not the 252 verdicts
    assert success_interval([0.0] * 84, [3] * 84) == pytest.approx(wilson_interval(0, 84))
    # seeds disagreeing within tasks: narrower than treating tasks as single verdicts, never below
    # the interval of all 252 verdicts taken as independent
    mixed = [1 / 3] * 42 + [2 / 3] * 42
    low, high = success_interval(mixed, [3] * 84)
    assert wilson_interval(126, 252)[0] - 1e-12 <= low < 0.5 < high <= wilson_interval(126, 252)[1] + 1e-12
    assert all(math.isnan(v) for v in success_interval([]))


def test_table_3_intervals_are_not_degenerate_at_0_and_100_percent(tmp_path: Path):
    from aspera_workbench.analysis.wilson import wilson_interval

    perfect = model_run(tmp_path / "p.jsonl", "model-p", "cck", {None: {str(t): S for t in range(12)}})
    none = model_run(tmp_path / "n.jsonl", "model-n", "cck", {None: {str(t): F for t in range(12)}})
    summary = success_summary(runs_frame([perfect, none]))
    assert tuple(summary.loc["model-p (CCK)", ["ci_low", "ci_high"]]) == pytest.approx(wilson_interval(12, 12))
    assert tuple(summary.loc["model-n (CCK)", ["ci_low", "ci_high"]]) == pytest.approx(wilson_interval(0, 12))


def test_verdict_flips_say_not_applicable_for_one_seed_and_give_shares(seeded_and_unseeded, tmp_path: Path):
    one_seed = model_run(tmp_path / "one.jsonl", "model-c", "cck", {0: {"1": S, "2": F}})
    runs = pd.concat([seeded_and_unseeded, runs_frame([one_seed])], ignore_index=True)
    flips = verdict_flips(runs).set_index(["system", "seed_a", "seed_b"])
    unseeded = flips.loc["model-b (CCK)"]  # no seed: worded as in the paired comparisons' seed columns
    assert list(unseeded.index) == [(NO_SEED, NO_SEED)]
    assert unseeded.iloc[0]["seeds"] == 1 and pd.isna(unseeded.iloc[0]["tasks"]) and pd.isna(unseeded.iloc[0]["flips"])
    assert list(flips.loc["model-c (CCK)"].index) == [("n/a (1 seed)", "n/a (1 seed)")]  # one seed, 0
    # model-a: tasks 1 (S, F, F) and 3 (F, F, S) flip; 2 (S, S, S) and 4 (F, F, F) do not
    any_seed = flips.loc[("model-a (CCK)", "any", "any")]
    assert (any_seed["seeds"], any_seed["tasks"], any_seed["flips"]) == (3, 4, 2)
    assert any_seed["share (%)"] == pytest.approx(50.0)
    assert flips.loc[("model-a (CCK)", "0", "1"), "share (%)"] == pytest.approx(25.0)
    from aspera_workbench.analysis.artefacts import markdown_table

    assert f"| model-b (CCK) | {NO_SEED} | {NO_SEED} | 1 |  |  |  |" in markdown_table(flips.reset_index())


def test_a_run_without_seeds_reads_alike_in_every_seed_column():
    assert NO_SEED == "one run, no seed"
    assert seed_list([math.nan, None]) == NO_SEED and seed_list([2, 0, math.nan]) == "0, 2"


def _pairs(both: int, only_a: int, only_b: int, neither: int) -> tuple[list[float], list[float]]:
    """Per-task verdicts of two systems from the four cells of a paired 2 x 2 table."""
    a = [1.0] * both + [1.0] * only_a + [0.0] * only_b + [0.0] * neither
    b = [1.0] * both + [0.0] * only_a + [1.0] * only_b + [0.0] * neither
    return a, b


def test_paired_difference_interval_is_newcombes_method_10_for_one_verdict_per_task():
    from aspera_workbench.analysis.statistics import paired_difference_interval

    # Newcombe (1998), paired data, example a=36, b=12, c=2, d=0 (n=50): difference 0.2. Worked by hand:
    # p1 = 48/50, p2 = 38/50; Wilson 95 %: [0.8654, 0.9890] and [0.6259, 0.8570];
    # phi = (36*0 - 12*2) / sqrt(48*2*38*12) = -0.1147 (negative: no correction);
    # low = 0.2 - sqrt(0.0946^2 + 2*0.1147*0.0946*0.0970 + 0.0970^2) = 0.0569,
    # high = 0.2 + sqrt(0.0290^2 + 2*0.1147*0.0290*0.1341 + 0.1341^2) = 0.3404
    low, high = paired_difference_interval(*_pairs(36, 12, 2, 0))
    assert (low, high) == pytest.approx((0.0569, 0.3404), abs=1e-4)
    # a positive phi is shrunk by n/2 in the numerator (ad - bc - n/2): Cavo et al. as worked in
    # Fagerland, Lydersen & Laake (2017), ch. 8: a=59, b=6, c=16, d=80 gives -0.0621 [-0.1186, -0.0046]
    low, high = paired_difference_interval(*_pairs(59, 6, 16, 80))
    assert (low, high) == pytest.approx((-0.1186, -0.0046), abs=1e-4)
    # without the shrinking, phi = 0.7289 and the interval would be [-0.1174, -0.0059]
    assert low < -0.1180


def test_paired_difference_interval_never_collapses_at_the_extremes():
    from aspera_workbench.analysis.statistics import difference_interval_name, paired_difference_interval
    from aspera_workbench.analysis.wilson import wilson_interval

    # 84/84 against 0/84: a margin is 0, so phi = 0 and the half-width is the two Wilson
    # half-widths added in quadrature: 1 - sqrt(2) * 0.0437 = 0.938
    low, high = paired_difference_interval(*_pairs(0, 84, 0, 0))
    gap = wilson_interval(0, 84)[1]
    assert low == pytest.approx(1 - math.sqrt(2) * gap) and low == pytest.approx(0.938, abs=1e-3)
    assert high == pytest.approx(1.0)
    # no difference at all (both 0/84): an interval around 0, not the point 0
    low, high = paired_difference_interval([0.0] * 84, [0.0] * 84)
    assert low == pytest.approx(-gap) and high == pytest.approx(gap)
    assert all(math.isnan(v) for v in paired_difference_interval([], []))
    assert difference_interval_name(0.9) == "Newcombe paired 90% CI (Wilson, tasks as sample)"
    with pytest.raises(ValueError, match="one share of each system per task"):
        paired_difference_interval([1.0], [1.0, 0.0])


def test_paired_difference_interval_with_seeds_uses_the_effective_sample_sizes():
    from aspera_workbench.analysis.statistics import paired_difference_interval, success_interval

    # seeds of every task agree: the same interval as one verdict per task
    a, b = _pairs(30, 20, 5, 29)
    assert paired_difference_interval(a, b, [3] * 84, [3] * 84) == pytest.approx(paired_difference_interval(a, b))
    # shares of three seeds, uncorrelated between systems (phi 0): Wilson half-widths in quadrature
    a = [1 / 3, 2 / 3, 1.0, 0.0] * 10
    b = [0.0, 1 / 3, 1 / 3, 0.0] * 10
    low_a, high_a = success_interval(a, [3] * 40)
    low_b, high_b = success_interval(b, [3] * 40)
    mean_a, mean_b = float(np.mean(a)), float(np.mean(b))
    covariance = float(np.mean(np.multiply(a, b))) - mean_a * mean_b - 1 / 80  # shrunk as ad - bc - n/2
    phi = covariance / (float(np.std(a)) * float(np.std(b)))
    below = math.sqrt((mean_a - low_a) ** 2 - 2 * phi * (mean_a - low_a) * (high_b - mean_b) + (high_b - mean_b) ** 2)
    above = math.sqrt((high_a - mean_a) ** 2 - 2 * phi * (high_a - mean_a) * (mean_b - low_b) + (mean_b - low_b) ** 2)
    expected = (mean_a - mean_b - below, mean_a - mean_b + above)
    assert paired_difference_interval(a, b, [3] * 40, [3] * 40) == pytest.approx(expected)


def test_paired_comparison_interval_does_not_collapse_when_one_system_solves_everything(tmp_path: Path):
    tasks = {str(t): S for t in range(1, 31)}
    perfect = model_run(tmp_path / "a.jsonl", "model-a", "cck", {None: tasks})
    nothing = model_run(tmp_path / "b.jsonl", "model-b", "cck", {None: {t: F for t in tasks}})
    result = paired_comparison(runs_frame([perfect, nothing]), "model-a (CCK)", "model-b (CCK)")
    assert result["difference"] == pytest.approx(1.0)
    assert result["ci_low"] < 0.9 and result["ci_high"] == pytest.approx(1.0)


def test_paired_verdicts_without_shared_seeds_pair_every_seed_of_each_system(seeded_and_unseeded):
    from aspera_workbench.analysis.statistics import paired_verdicts

    paired = paired_verdicts(seeded_and_unseeded, "model-a (CCK)", "model-b (CCK)")
    # every verdict of model-a (seeds 0, 1, 2) with model-b's one verdict per task: 3 pairs per task
    assert len(paired) == 12 and sorted(paired["seed_a"].unique()) == [0, 1, 2]
    assert paired.groupby("task_id").size().tolist() == [3, 3, 3, 3]
    assert int(paired["success_a"].sum()) == 5  # model-a's successes over all three seeds, not seed 0's 2
    assert paired.attrs == {"seeds_a": "0, 1, 2", "seeds_b": NO_SEED, "paired_on": "task (every seed of each)"}


def test_paired_verdicts_with_shared_seeds_pair_within_seed_and_say_so(runs: pd.DataFrame):
    from aspera_workbench.analysis.statistics import paired_verdicts

    paired = paired_verdicts(runs, "model-a (CCK)", "model-b (CCK)")
    assert len(paired) == 8 and set(paired["seed"]) == {0, 1}
    assert paired.attrs == {"seeds_a": "0, 1", "seeds_b": "0, 1", "paired_on": "task and seed"}


def test_two_runs_without_seeds_are_paired_on_the_task_alone(tmp_path: Path):
    a = model_run(tmp_path / "a.jsonl", "model-a", "cck", {None: {"1": S, "2": S, "3": F, "4": F}})
    b = model_run(tmp_path / "b.jsonl", "model-b", "cck", {None: {"1": F, "2": S, "3": F, "4": S}})
    result = paired_comparison(runs_frame([a, b]), "model-a (CCK)", "model-b (CCK)")
    # "task and seed" would name a seed neither run has
    assert (result["seeds_a"], result["seeds_b"], result["paired_on"]) == (NO_SEED, NO_SEED, "task")
    assert result["test"] == "McNemar exact" and result["pairs"] == 4


def test_comparisons_may_name_a_run_by_the_label_the_parameters_give_it(tmp_path: Path):
    # The pipeline's `compare` is checked against the labels of the agents and of the named results
    # files (`results: {o1-cck: ...}`), but systems are named by model and setting ("o1 (CCK)"), so a
    # pair of labels passed the check and then failed in the notebook with "no judged rows for system".
    from aspera_workbench.analysis.statistics import paired_comparisons
    from tests.analysis.support import model_run

    ids = ["9001", "9002", "9003"]
    first = model_run(tmp_path / "a.jsonl", "o1", "cck", {0: dict.fromkeys(ids, "success")})
    second = model_run(tmp_path / "b.jsonl", "o1", "ps", {0: {"9001": "success", "9002": "task_completion_error"}})
    frame = runs_frame({"o1-cck": first, "o1-ps": second})
    by_label = paired_comparisons(frame, [("o1-cck", "o1-ps")])
    by_system = paired_comparisons(frame, [("o1 (CCK)", "o1 (PS)")])
    assert list(by_label[["system A", "system B"]].iloc[0]) == ["o1 (CCK)", "o1 (PS)"]  # shown as systems
    pd.testing.assert_frame_equal(by_label, by_system)
    with pytest.raises(KeyError, match="o1-nothing"):
        paired_comparisons(frame, [("o1-cck", "o1-nothing")])


def test_interval_names_give_the_coverage_used_not_a_rounded_one():
    from aspera_workbench.analysis.statistics import difference_interval_name, interval_name

    assert interval_name() == "Wilson 95% CI, tasks as sample"
    # 0.975 printed as "98%" and 0.995 as "100%": a coverage the interval does not have.
    assert interval_name(0.975) == "Wilson 97.5% CI, tasks as sample"
    assert difference_interval_name(0.995) == "Newcombe paired 99.5% CI (Wilson, tasks as sample)"
    assert interval_name(0.9) == "Wilson 90% CI, tasks as sample"
