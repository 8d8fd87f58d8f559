#!/usr/bin/python3
"""The sparse table of `bin/bench-wide`: m rows of d term weights, about density * d of them
non-zero, written as LibSVM (label, then index:value with indices from 1, ascending), the way a
TF-IDF matrix of short documents looks.

Each row belongs to one of --topics topics (its label, drawn uniformly). It draws 80 % of its
tokens uniformly from the whole vocabulary and 20 % from its topic's own --topic-terms terms (the
features that carry the labels); a term drawn n times has term frequency n. The weight of term t in
a row is (1 + ln tf) * ln(m / df_t), df_t the rows that hold t (TF-IDF with sublinear term
frequency). The rows depend on --seed alone (numpy's PCG64). Needs Debian's python3-numpy.
"""
import argparse


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, required=True)
    parser.add_argument("--dims", type=int, required=True)
    parser.add_argument("--density", type=float, required=True, help="share of non-zero values per row, e.g. 0.005")
    parser.add_argument("--topics", type=int, default=10)
    parser.add_argument("--topic-terms", type=int, default=500)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--output", required=True)
    args = parser.parse_args()

    import numpy as np

    rng = np.random.default_rng(args.seed)
    topic_terms = rng.permutation(args.dims)[: args.topics * args.topic_terms].reshape(args.topics, args.topic_terms)
    labels = rng.integers(0, args.topics, args.rows)
    tokens = max(1, round(args.density * args.dims))
    background = round(0.8 * tokens)
    terms, counts = [], []
    df = np.zeros(args.dims, dtype=np.int64)
    for i in range(args.rows):
        drawn = np.concatenate([rng.integers(0, args.dims, background),
                                topic_terms[labels[i], rng.integers(0, args.topic_terms, tokens - background)]])
        row_terms, row_counts = np.unique(drawn, return_counts=True)
        terms.append(row_terms)
        counts.append(row_counts)
        df[row_terms] += 1
    idf = np.log(args.rows / np.maximum(df, 1))
    with open(args.output, "w") as out:
        for i in range(args.rows):
            weights = (1.0 + np.log(counts[i])) * idf[terms[i]]
            keep = weights > 0
            out.write(str(labels[i]) + " " + " ".join(f"{t + 1}:{w:.6g}" for t, w in zip(terms[i][keep], weights[keep])) + "\n")


if __name__ == "__main__":
    main()
