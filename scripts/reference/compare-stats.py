"""Reference values for the comparison statistics (test/unit/engine/compare/paired-stats.test.ts).

Run with SciPy (tested with 1.17.1): python3 scripts/reference/compare-stats.py > test/fixtures/compare/stats-reference.json
McNemar's exact test is SciPy's two-sided binomial test of the discordant pairs at p = 0.5; the score interval is
SciPy's paired percentile bootstrap of the mean difference (b - a) over questions. Its resampling differs from ours,
so the test compares the interval bounds within Monte Carlo tolerance, not exactly.
"""
import json

import numpy as np
from scipy import stats

MCNEMAR_CASES = [(0, 0), (1, 0), (9, 2), (2, 9), (5, 5), (0, 12), (30, 18), (120, 95), (3, 17), (250, 210)]


def score_cases():
    rng = np.random.default_rng(7)
    cases = []
    # A clear improvement, a difference within noise, a small real one on many questions, and a clear regression.
    for name, n, shift, noise in [("better", 40, 0.6, 0.8), ("noise", 30, 0.05, 1.0), ("small", 400, 0.15, 0.9), ("worse", 60, -0.5, 0.7)]:
        a = np.clip(np.round(rng.normal(3.2, 1.0, n), 2), 0, 5)
        b = np.clip(np.round(a + rng.normal(shift, noise, n), 2), 0, 5)
        cases.append((name, a, b))
    return cases


def main():
    mcnemar = [
        {"improved": b, "worsened": c, "p": float(stats.binomtest(min(b, c), b + c, 0.5).pvalue) if b + c > 0 else 1.0}
        for b, c in MCNEMAR_CASES
    ]
    bootstrap = []
    for name, a, b in score_cases():
        result = stats.bootstrap(
            (a, b),
            lambda x, y, axis: np.mean(y - x, axis=axis),
            paired=True,
            vectorized=True,
            n_resamples=100_000,
            confidence_level=0.95,
            method="percentile",
            random_state=np.random.default_rng(11),
        )
        bootstrap.append(
            {
                "name": name,
                "a": a.tolist(),
                "b": b.tolist(),
                "estimate": float(np.mean(b - a)),
                "lower": float(result.confidence_interval.low),
                "upper": float(result.confidence_interval.high),
                "standard_error": float(result.standard_error),
            }
        )
    print(json.dumps({"source": "scipy " + __import__("scipy").__version__, "mcnemar": mcnemar, "bootstrap": bootstrap}, indent=1))


if __name__ == "__main__":
    main()
