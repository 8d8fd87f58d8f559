package io.github.lapscore.graph.search.approximate;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import io.github.lapscore.graph.search.RowHash;

import scala.Tuple2;

/**
 * Random-projection trees that cut the rows into leaves of about {@code leafSize} likely neighbours
 * of the approximate graph. Trees are grown on the driver from a sample of the embedded rows of at
 * most 32 MiB (64 rows per leaf below that cap), so neither the sample nor the trees (fewer nodes
 * than sample rows) grow without bound with m. Each internal node splits by the hyperplane
 * orthogonal to the difference of two random sample points of the node (so splits follow the
 * data's own spread, like Annoy), placed at the median projection of the node's sample: each side
 * receives half of it. Rows projecting exactly onto the threshold (duplicates, discrete data) go
 * left or right by a hash of their id, so that even a mass of identical rows is halved. A node is
 * split while the share of all rows it stands for exceeds the leaf size.
 */
final class RandomProjectionForest implements Serializable {

    private static final int DIRECTION_ATTEMPTS = 8;

    private final int dim;
    private final long seed;
    private final Tree[] trees;

    private RandomProjectionForest(int dim, long seed, Tree[] trees) {
        this.dim = dim;
        this.seed = seed;
        this.trees = trees;
    }

    /**
     * Grows {@code numTrees} trees on {@code sample}, each sample row standing for
     * {@code rowsPerSampleRow} rows of the data.
     */
    static RandomProjectionForest grow(Sample sample, int numTrees, double rowsPerSampleRow, int leafSize, long seed) {
        Tree[] trees = new Tree[numTrees];
        int[] all = new int[sample.ids().length];
        Arrays.setAll(all, i -> i);
        for (int t = 0; t < numTrees; t++) {
            Grower grower = new Grower(sample, t, rowsPerSampleRow, leafSize, seed);
            grower.split(all);
            trees[t] = grower.toTree();
        }
        return new RandomProjectionForest(sample.dim(), seed, trees);
    }

    int numTrees() {
        return trees.length;
    }

    int numLeaves(int tree) {
        return trees[tree].numLeaves;
    }

    /**
     * The leaf of {@code tree} holding row {@code id}, whose embedded point starts at {@code points[offset]};
     * leaf 0 when the tree was never split (no more rows than one leaf holds).
     */
    int leafOf(int tree, double[] points, int offset, long id) {
        Tree t = trees[tree];
        if (t.children.length == 0) {
            return 0;
        }
        int node = 0;
        while (true) {
            double projection = 0.0;
            for (int c = 0; c < dim; c++) {
                projection += t.directions[node * dim + c] * points[offset + c];
            }
            int child = t.children[2 * node + (goesLeft(tree, node, projection, t.thresholds[node], id) ? 0 : 1)];
            if (child < 0) {
                return -child - 1;
            }
            node = child;
        }
    }

    private boolean goesLeft(int tree, int node, double projection, double threshold, long id) {
        return projection < threshold || (projection == threshold && (RowHash.of(seed, id, tree, node) & 1L) == 0L);
    }

    /**
     * The embedded rows the trees are grown on.
     *
     * @param points row-major, {@code ids.length x dim}
     * @param ids    the rows' ids, in the order of {@code points}
     * @param dim    the coordinates of a point
     */
    record Sample(double[] points, long[] ids, int dim) {

        /** The points of {@code rows} (id, point of {@code dim} values) in one array, in the order given. O(n dim). */
        static Sample of(List<Tuple2<Long, double[]>> rows, int dim) {
            double[] points = new double[rows.size() * dim];
            long[] ids = new long[rows.size()];
            for (int i = 0; i < rows.size(); i++) {
                ids[i] = rows.get(i)._1();
                System.arraycopy(rows.get(i)._2(), 0, points, i * dim, dim);
            }
            return new Sample(points, ids, dim);
        }
    }

    /** One tree in flat arrays; a root that is a leaf has no nodes. A class: Kryo cannot ship records. */
    private static final class Tree implements Serializable {
        private final int[] children;
        private final double[] thresholds;
        private final double[] directions;
        private final int numLeaves;

        Tree(int[] children, double[] thresholds, double[] directions, int numLeaves) {
            this.children = children;
            this.thresholds = thresholds;
            this.directions = directions;
            this.numLeaves = numLeaves;
        }
    }

    /** Grows one tree by recursive median splits of the sample. */
    private static final class Grower {
        private final double[] sample;
        private final long[] ids;
        private final int dim;
        private final int tree;
        private final double rowsPerSampleRow;
        private final int leafSize;
        private final long seed;
        private final SplittableRandom random;
        private final List<int[]> children = new ArrayList<>();
        private final List<Double> thresholds = new ArrayList<>();
        private final List<double[]> directions = new ArrayList<>();
        private int numLeaves;

        Grower(Sample sample, int tree, double rowsPerSampleRow, int leafSize, long seed) {
            this.sample = sample.points();
            this.ids = sample.ids();
            this.dim = sample.dim();
            this.tree = tree;
            this.rowsPerSampleRow = rowsPerSampleRow;
            this.leafSize = leafSize;
            this.seed = seed;
            this.random = new SplittableRandom(RowHash.of(seed, tree, RowHash.TREE_DIRECTIONS, RowHash.TREE_DIRECTIONS));
        }

        /** Splits the sample rows {@code members}; returns the child code (node index, or -(leaf + 1)). */
        int split(int[] members) {
            if (members.length < 2 || members.length * rowsPerSampleRow <= leafSize) {
                return leaf();
            }
            int node = children.size();
            children.add(new int[2]);
            double[] direction = direction(members);
            double[] projections = new double[members.length];
            for (int i = 0; i < members.length; i++) {
                projections[i] = dot(direction, members[i]);
            }
            double[] sorted = projections.clone();
            Arrays.sort(sorted);
            double threshold = sorted[members.length / 2];
            thresholds.add(threshold);
            directions.add(direction);
            int[] left = new int[members.length];
            int[] right = new int[members.length];
            int leftCount = 0;
            int rightCount = 0;
            for (int i = 0; i < members.length; i++) {
                boolean goesLeft = projections[i] < threshold
                        || (projections[i] == threshold && (RowHash.of(seed, ids[members[i]], tree, node) & 1L) == 0L);
                if (goesLeft) {
                    left[leftCount++] = members[i];
                } else {
                    right[rightCount++] = members[i];
                }
            }
            if (leftCount == 0 || rightCount == 0) {
                children.remove(node);
                thresholds.remove(node);
                directions.remove(node);
                return leaf();
            }
            int leftChild = split(Arrays.copyOf(left, leftCount));
            int rightChild = split(Arrays.copyOf(right, rightCount));
            children.get(node)[0] = leftChild;
            children.get(node)[1] = rightChild;
            return node;
        }

        private int leaf() {
            return -(++numLeaves);
        }

        /** The difference of two random members that differ, else a random Gaussian direction. */
        private double[] direction(int[] members) {
            double[] direction = new double[dim];
            for (int attempt = 0; attempt < DIRECTION_ATTEMPTS; attempt++) {
                int a = members[random.nextInt(members.length)];
                int b = members[random.nextInt(members.length)];
                boolean nonZero = false;
                for (int c = 0; c < dim; c++) {
                    direction[c] = sample[a * dim + c] - sample[b * dim + c];
                    nonZero |= direction[c] != 0.0;
                }
                if (nonZero) {
                    return direction;
                }
            }
            for (int c = 0; c < dim; c++) {
                direction[c] = gaussian();
            }
            return direction;
        }

        private double gaussian() {
            double u = 1.0 - random.nextDouble();
            return Math.sqrt(-2.0 * Math.log(u)) * Math.cos(2.0 * Math.PI * random.nextDouble());
        }

        private double dot(double[] direction, int member) {
            double sum = 0.0;
            for (int c = 0; c < dim; c++) {
                sum += direction[c] * sample[member * dim + c];
            }
            return sum;
        }

        Tree toTree() {
            int nodes = children.size();
            int[] flatChildren = new int[2 * nodes];
            double[] flatThresholds = new double[nodes];
            double[] flatDirections = new double[nodes * dim];
            for (int n = 0; n < nodes; n++) {
                flatChildren[2 * n] = children.get(n)[0];
                flatChildren[2 * n + 1] = children.get(n)[1];
                flatThresholds[n] = thresholds.get(n);
                System.arraycopy(directions.get(n), 0, flatDirections, n * dim, dim);
            }
            return new Tree(flatChildren, flatThresholds, flatDirections, numLeaves);
        }
    }
}
