# Reference values for src-main/engine/history/history-stats.ts, computed with SciPy (python3; the version is written
# into the file): Fisher's exact test (two-sided), Benjamini-Hochberg adjusted p-values, Wilson intervals, the
# chi-square survival function and the chi-square test of homogeneity.
# Run: python3 scripts/reference/history_stats_reference.py > test/fixtures/reference/history_stats_reference.json
import json
import scipy
from scipy import stats

tables = [
    [[3, 1], [1, 3]],
    [[1, 9], [11, 3]],
    [[20, 0], [0, 5]],
    [[25, 0], [2, 3]],
    [[18, 2], [7, 3]],
    [[10, 10], [10, 10]],
    [[0, 5], [5, 0]],
    [[95, 5], [40, 10]],
    [[300, 20], [150, 60]],
    [[2, 28], [15, 15]],
]
fisher = [
    {"table": t, "p": float(stats.fisher_exact(t, alternative="two-sided").pvalue)} for t in tables
]
p_sets = [
    [0.01, 0.04, 0.03, 0.005, 0.2, 0.9],
    [0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.3240, 0.4262, 0.5719, 0.6528, 0.7590, 1.0],
    [0.5, 0.5, 0.5],
]
bh = [{"p": ps, "q": [float(x) for x in stats.false_discovery_control(ps, method="bh")]} for ps in p_sets]
wilson = []
for k, n in [(0, 10), (3, 10), (10, 10), (17, 20), (1, 30), (950, 1000)]:
    ci = stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    wilson.append({"k": k, "n": n, "low": float(ci.low), "high": float(ci.high)})
chi2 = [{"x": x, "df": df, "sf": float(stats.chi2.sf(x, df))}
        for x, df in [(0.5, 1), (3.84, 1), (10, 4), (29, 29), (60, 29), (1, 10), (150, 99), (0.01, 2)]]
# A question's passes out of 3 repeats in each of 10 runs: the chi-square test of homogeneity (scipy chi2_contingency).
hetero = []
for runs in [[3, 3, 0, 3, 0, 0, 3, 3, 0, 3], [2, 2, 1, 2, 3, 2, 2, 1, 2, 3], [3, 3, 3, 2, 3, 3, 3, 3, 3, 3]]:
    table = [[k for k in runs], [3 - k for k in runs]]
    hetero.append({"passes": runs, "trials": 3,
                   "p": float(stats.chi2_contingency(table, correction=False).pvalue)})
print(json.dumps({
    "description": f"SciPy {scipy.__version__}: stats.fisher_exact (two-sided), stats.false_discovery_control (bh), "
                   "stats.binomtest(k, n).proportion_ci(method='wilson', 95%), stats.chi2.sf, "
                   "stats.chi2_contingency(correction=False)",
    "fisher": fisher, "bh": bh, "wilson": wilson, "chi2": chi2, "heterogeneity": hetero,
}, indent=1))
