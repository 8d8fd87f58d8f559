package lapscore.graph.search.approximate;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import lapscore.data.RowHash;

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
 * split while the share of all rows it stands for exceeds the leaf size. A node keeps the two sample
 * points whose difference is its direction, not the direction itself: the forest holds the sample
 * points its nodes name once, however many trees name them, so it takes at most the sample's
 * 32 MiB plus a few numbers per node, where T trees of d-dimensional directions would take
 * T d numbers per node.
 */
final class RandomProjectionForest implements Serializable {

    private static final int DIRECTION_ATTEMPTS = 8;

    private final int dim;
    private final long seed;
    private final Tree[] trees;
    /** The sample points the nodes of every tree name, row-major, each once. */
    private final double[] namedPoints;

    private RandomProjectionForest(int dim, long seed, Tree[] trees, double[] namedPoints) {
        this.dim = dim;
        this.seed = seed;
        this.trees = trees;
        this.namedPoints = namedPoints;
    }

    /**
     * Grows {@code numTrees} trees on {@code sample}, each sample row standing for
     * {@code rowsPerSampleRow} rows of the data.
     */
    static RandomProjectionForest grow(Sample sample, int numTrees, double rowsPerSampleRow, int leafSize, long seed) {
        Tree[] trees = new Tree[numTrees];
        int[] all = new int[sample.ids().length];
        Arrays.setAll(all, i -> i);
        EndPoints named = new EndPoints(sample);
        for (int t = 0; t < numTrees; t++) {
            Grower grower = new Grower(sample, t, rowsPerSampleRow, leafSize, seed);
            grower.split(all);
            trees[t] = grower.toTree(named);
        }
        return new RandomProjectionForest(sample.dim(), seed, trees, named.points());
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
            double projection = projection(t, node, points, offset);
            int child = t.children[2 * node + (goesLeft(tree, node, projection, t.thresholds[node], id) ? 0 : 1)];
            if (child < 0) {
                return -child - 1;
            }
            node = child;
        }
    }

    /**
     * The projection of the point at {@code points[offset]} on {@code node}'s direction, the
     * difference of its two sample points (the same doubles, in the same order, as the grower's).
     */
    private double projection(Tree tree, int node, double[] points, int offset) {
        int a = tree.ends[2 * node];
        double projection = 0.0;
        if (a < 0) {
            int own = (-a - 1) * dim;
            for (int c = 0; c < dim; c++) {
                projection += tree.ownDirections[own + c] * points[offset + c];
            }
            return projection;
        }
        int first = a * dim;
        int second = tree.ends[2 * node + 1] * dim;
        for (int c = 0; c < dim; c++) {
            projection += (namedPoints[first + c] - namedPoints[second + c]) * points[offset + c];
        }
        return projection;
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

    /**
     * One tree in flat arrays; a root that is a leaf has no nodes. Node n's direction is the
     * difference of the forest's named points numbered {@code ends[2n]} and {@code ends[2n + 1]}, or, where
     * {@code ends[2n]} is -(j + 1), the j-th direction of {@code ownDirections} (a random direction,
     * for a node whose sample points all coincide). A class: Kryo cannot ship records.
     */
    private static final class Tree implements Serializable {
        private final int[] children;
        private final double[] thresholds;
        private final int[] ends;
        private final double[] ownDirections;
        private final int numLeaves;

        Tree(int[] children, double[] thresholds, int[] ends, double[] ownDirections, int numLeaves) {
            this.children = children;
            this.thresholds = thresholds;
            this.ends = ends;
            this.ownDirections = ownDirections;
            this.numLeaves = numLeaves;
        }
    }

    /** The sample points that the nodes of the trees name, numbered in the order first named. */
    private static final class EndPoints {
        private final Sample sample;
        private final int[] numbers;
        private final List<Integer> named = new ArrayList<>();

        EndPoints(Sample sample) {
            this.sample = sample;
            this.numbers = new int[sample.ids().length];
            Arrays.fill(numbers, -1);
        }

        /** The number of sample row {@code row} among the points named. */
        int number(int row) {
            if (numbers[row] < 0) {
                numbers[row] = named.size();
                named.add(row);
            }
            return numbers[row];
        }

        /** The points named, row-major, in the order of their numbers. */
        double[] points() {
            int dim = sample.dim();
            double[] points = new double[named.size() * dim];
            for (int i = 0; i < named.size(); i++) {
                System.arraycopy(sample.points(), named.get(i) * dim, points, i * dim, dim);
            }
            return points;
        }
    }

    /**
     * A node's direction while the tree grows: the difference of sample rows {@code a} and
     * {@code b}, or, when {@code a} is -1, a random direction of its own.
     */
    private record Direction(double[] values, int a, int b) {
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
        private final List<Direction> directions = new ArrayList<>();
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
            Direction direction = direction(members);
            double[] projections = new double[members.length];
            for (int i = 0; i < members.length; i++) {
                projections[i] = dot(direction.values(), members[i]);
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
        private Direction direction(int[] members) {
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
                    return new Direction(direction, a, b);
                }
            }
            for (int c = 0; c < dim; c++) {
                direction[c] = gaussian();
            }
            return new Direction(direction, -1, -1);
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

        /** The tree grown, its nodes' sample points numbered by {@code named}. */
        Tree toTree(EndPoints named) {
            int nodes = children.size();
            int[] flatChildren = new int[2 * nodes];
            double[] flatThresholds = new double[nodes];
            int[] ends = new int[2 * nodes];
            List<double[]> own = new ArrayList<>();
            for (int n = 0; n < nodes; n++) {
                flatChildren[2 * n] = children.get(n)[0];
                flatChildren[2 * n + 1] = children.get(n)[1];
                flatThresholds[n] = thresholds.get(n);
                Direction direction = directions.get(n);
                if (direction.a() < 0) {
                    own.add(direction.values());
                    ends[2 * n] = -own.size();
                } else {
                    ends[2 * n] = named.number(direction.a());
                    ends[2 * n + 1] = named.number(direction.b());
                }
            }
            double[] ownDirections = new double[own.size() * dim];
            for (int j = 0; j < own.size(); j++) {
                System.arraycopy(own.get(j), 0, ownDirections, j * dim, dim);
            }
            return new Tree(flatChildren, flatThresholds, ends, ownDirections, numLeaves);
        }
    }
}
