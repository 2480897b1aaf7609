"""Reference values for the trust ledger (test/unit/engine/judges/trust-ledger-reference.test.ts).

Run with NumPy and SciPy (tested with Python 3.11.7, NumPy 2.4.6, SciPy 1.17.1):
  python3 scripts/reference/trust-ledger.py > test/fixtures/reference/trust_ledger_reference.json
Written from the papers' formulas, independently of the TypeScript code:
- Cohen's kappa (1960): (p_o - p_e) / (1 - p_e) over the items both reviewers labelled; null when p_e = 1.
- Krippendorff's alpha, nominal (Krippendorff 2011, "Computing Krippendorff's alpha-reliability"): the coincidence
  matrix of pairable values (units with two or more values), alpha = 1 - D_o / D_e; null when D_e = 0.
- PPI++ for a mean (Angelopoulos, Duchi & Zrnic 2023, "PPI++: Efficient Prediction-Powered Inference"), as the
  authors' ppi_py package computes ppi_mean_ci: the power-tuned lambda (clipped to [0, 1]) from the rectifier's
  covariance and the predictions' variance, the estimate lambda*mean(f_unlabelled) + mean(w*(y - lambda*f)), and the
  normal interval with the two standard deviations (ddof 0). Labelled items may carry weights w (post-stratification
  by the judge's verdict when the gold set was sampled stratified).
The inputs are drawn here with a seeded generator and written beside the outputs, so the test reads both.
"""
import json
import sys

import numpy as np
import scipy
from scipy import stats


def cohen_kappa(a, b):
    pairs = [(x, y) for x, y in zip(a, b) if x is not None and y is not None]
    cats = sorted({v for p in pairs for v in p})
    n = len(pairs)
    po = sum(1 for x, y in pairs if x == y) / n
    pe = sum((sum(1 for x, _ in pairs if x == c) / n) * (sum(1 for _, y in pairs if y == c) / n) for c in cats)
    return None if pe == 1 else (po - pe) / (1 - pe)


def krippendorff_alpha_nominal(units):
    cats = sorted({v for unit in units for v in unit if v is not None})
    index = {c: i for i, c in enumerate(cats)}
    o = np.zeros((len(cats), len(cats)))
    for unit in units:
        values = [v for v in unit if v is not None]
        m = len(values)
        if m < 2:
            continue
        for i, vi in enumerate(values):
            for j, vj in enumerate(values):
                if i != j:
                    o[index[vi], index[vj]] += 1 / (m - 1)
    nc = o.sum(axis=1)
    n = nc.sum()
    d_o = o.sum() - np.trace(o)
    d_e = (nc.sum() ** 2 - (nc**2).sum()) / (n - 1)
    return None if d_e == 0 else float(1 - d_o / d_e)


def ppi_mean(y, f, f_unlabelled, w, confidence):
    y, f, fu, w = (np.asarray(v, dtype=float) for v in (y, f, f_unlabelled, w))
    n, big_n = len(y), len(fu)

    def estimate(lam):
        return float(np.mean(lam * fu) + np.mean(w * (y - lam * f)))

    theta1 = estimate(1.0)
    grads = w * (y - theta1)
    grads_hat = w * (f - theta1)
    grads_hat_u = fu - theta1
    cov = 2 * np.mean((grads - grads.mean()) * (grads_hat - grads_hat.mean()))
    var = float(np.cov(np.concatenate([grads_hat, grads_hat_u])))
    lam = 0.0 if var == 0 else float(np.clip(cov / (2 * (1 + n / big_n) * var), 0, 1))
    theta = estimate(lam)
    se = np.sqrt(np.std(lam * fu) ** 2 / big_n + np.std(w * (y - lam * f)) ** 2 / n)
    z = float(stats.norm.ppf(1 - (1 - confidence) / 2))
    return {"lambda": lam, "theta": theta, "lower": float(theta - z * se), "upper": float(theta + z * se), "z": z}


def post_stratified(f, f_unlabelled):
    f, fu = np.asarray(f), np.asarray(f_unlabelled)
    return [float(np.mean(fu == v) / np.mean(f == v)) for v in f]


def main():
    rng = np.random.default_rng(35)
    labels = ["pass", "fail"]
    kappa_cases = [
        {"id": "textbook", "a": ["pass"] * 20 + ["fail"] * 5 + ["pass"] * 10 + ["fail"] * 15,
         "b": ["pass"] * 20 + ["pass"] * 5 + ["fail"] * 10 + ["fail"] * 15},
        {"id": "perfect", "a": ["pass", "fail", "pass", "fail"], "b": ["pass", "fail", "pass", "fail"]},
        {"id": "with-missing", "a": ["pass", None, "fail", "pass", "fail", "pass"],
         "b": ["pass", "fail", "fail", None, "pass", "pass"]},
    ]
    for k in range(3):
        a = list(rng.choice(labels, size=40, p=[0.7, 0.3]))
        b = [x if rng.random() < 0.8 else str(rng.choice(labels)) for x in a]
        kappa_cases.append({"id": f"seeded-{k}", "a": [str(x) for x in a], "b": [str(x) for x in b]})
    for case in kappa_cases:
        case["kappa"] = cohen_kappa(case["a"], case["b"])

    # Krippendorff's own example (2011, nominal, 4 coders x 12 units, values 1-5 with missing): alpha = 0.743.
    kripp_example = [
        [1, 1, None, 1], [2, 2, 3, 2], [3, 3, 3, 3], [3, 3, 3, 3], [2, 2, 2, 2], [1, 2, 3, 4],
        [4, 4, 4, 4], [1, 1, 2, 1], [2, 2, 2, 2], [None, 5, 5, 5], [None, None, 1, 1], [None, None, 3, None],
    ]
    alpha_cases = [{"id": "krippendorff-2011", "units": [[None if v is None else str(v) for v in u] for u in kripp_example]}]
    for k in range(3):
        units = []
        for _ in range(30):
            truth = str(rng.choice(labels, p=[0.6, 0.4]))
            units.append([None if rng.random() < 0.15 else (truth if rng.random() < 0.85 else str(rng.choice(labels)))
                          for _ in range(3 + k)])
        alpha_cases.append({"id": f"seeded-{3 + k}-reviewers", "units": units})
    for case in alpha_cases:
        case["alpha"] = krippendorff_alpha_nominal(case["units"])

    ppi_cases = []
    for k, (n, big_n, tpr, tnr, prevalence, stratified) in enumerate(
        [(30, 200, 0.9, 0.85, 0.7, False), (60, 1000, 0.95, 0.9, 0.5, True), (25, 80, 0.8, 0.7, 0.8, True),
         (40, 500, 0.99, 0.97, 0.3, False)]
    ):
        def draw(m):
            truth = (rng.random(m) < prevalence).astype(int)
            judge = np.where(truth == 1, rng.random(m) < tpr, rng.random(m) >= tnr).astype(int)
            return truth, judge

        y, f = draw(n)
        _, fu = draw(big_n)
        w = post_stratified(f, fu) if stratified else [1.0] * n
        ppi_cases.append({"id": f"seeded-{k}", "y": y.tolist(), "f": f.tolist(), "f_unlabelled": fu.tolist(),
                          "post_stratified": stratified, "w": w, "confidence": 0.95,
                          **ppi_mean(y, f, fu, w, 0.95)})
    # A constant judge carries no information: lambda is 0 and the estimate is the labels' mean.
    ppi_cases.append({"id": "constant-judge", "y": [1, 0, 1, 1, 0, 1], "f": [1] * 6, "f_unlabelled": [1] * 10,
                      "post_stratified": False, "w": [1.0] * 6, "confidence": 0.9,
                      **ppi_mean([1, 0, 1, 1, 0, 1], [1] * 6, [1] * 10, [1.0] * 6, 0.9)})

    json.dump({
        "description": "Cohen's kappa, Krippendorff's alpha (nominal) and the PPI++ interval for a mean, computed by "
                       "scripts/reference/trust-ledger.py from the papers' formulas.",
        "tool": f"Python {sys.version.split()[0]}, NumPy {np.__version__}, SciPy {scipy.__version__}",
        "kappa": kappa_cases, "alpha": alpha_cases, "ppi": ppi_cases,
    }, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
