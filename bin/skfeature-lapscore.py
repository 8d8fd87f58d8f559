"""scikit-feature's Laplacian Score as a user runs it, the whole process being the baseline of
`bin/bench-small`: import numpy, pandas and scikit-feature (Li et al., "Feature Selection: A Data
Perspective", ACM Computing Surveys 2017; its PyPI packaging skfeature-chappers), read the CSV,
build the affinity matrix with `construct_W` (5 nearest neighbours of each row, itself included,
heat kernel) and rank the features with `lap_score`.

The heat kernel of `construct_W` is exp(-d^2 / (2 t^2)); t is set so that 2 t^2 is the library's
automatic bandwidth, the mean squared distance over all pairs of rows, so that both sides build the
same graph (the library with --self-loops true). Writes `feature,rank` lines, best first, to
--ranking-out.
"""
import argparse

import numpy as np
import pandas as pd
from skfeature.function.similarity_based import lap_score
from skfeature.utility.construct_W import construct_W


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--input", required=True, help="CSV (.csv or .csv.gz) with a header")
    parser.add_argument("--label-col", required=True, help="the column left out of the features")
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--ranking-out", required=True)
    args = parser.parse_args()
    table = pd.read_csv(args.input)
    table.pop(args.label_col)
    x = table.to_numpy(dtype=float)
    bandwidth = 2.0 * ((x - x.mean(axis=0)) ** 2).sum() / (x.shape[0] - 1)
    w = construct_W(x, metric="euclidean", neighbor_mode="knn", weight_mode="heat_kernel", k=args.k, t=np.sqrt(bandwidth / 2))
    best_first = lap_score.lap_score(x, W=w, mode="index")
    with open(args.ranking_out, "w") as out:
        out.write("feature,rank\n")
        for rank, feature in enumerate(best_first, start=1):
            out.write(f"{table.columns[feature]},{rank}\n")


if __name__ == "__main__":
    main()
