package lapscore.graph.kernel;

import java.util.Arrays;

import lapscore.data.blocks.RowBlock;
import lapscore.data.blocks.RowPositions;
import lapscore.graph.distance.DistanceMeasure;
import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;

/**
 * A group of rows as sparse points, for data whose rows hold few non-zero values (term weights,
 * one-hot codes): each point is the row, or the row over its length for cosine
 * ({@link DistanceMeasure#embed}), kept by its non-zero values only, twice: by row (features
 * ascending) and by feature (rows ascending). No centre is subtracted, which would fill every
 * coordinate; the distances are the same, and the screens' rounding bound covers the rest.
 *
 * <p>A scan of two groups is Gustavson's row-by-row sparse product ("Two fast algorithms for sparse
 * matrices: multiplication and permuted transposition", ACM TOMS 4(3), 1978): for each right row
 * j, the dot products {@code a_i . b_j} of every left row i are accumulated over the features b_j
 * stores, reading each feature's left rows, so a pair costs the products of the features both rows
 * hold, not the dimension; then {@code d^2 = ||a_i||^2 + ||b_j||^2 - 2 a_i . b_j} for every left
 * row. The pairs a screen keeps are measured exactly by merging the two rows' features in order
 * ({@link #squaredDistance}), the same number in either order to the last bit. Memory is O(nnz)
 * per group plus an array over the features; built inside a task and thrown away after it.
 */
public final class SparsePoints implements BlockPoints<SparsePoints> {

    /**
     * Largest share of non-zero values at which rows are measured as sparse points. A pair costs
     * the sparse scan a few operations plus about {@code density^2 d} scattered products, the dense
     * one d multiply-adds in single precision; the bound is where the two cost about the same, and
     * blocks of sparse points hold {@code 2 density d} values a row instead of d.
     */
    public static final double MAX_DENSITY = 0.05;

    private final long[] ids;
    private final double[] labels;
    private final double[] centre;
    /** Row i's features and values are at {@code [rowStart[i], rowStart[i + 1])}, features ascending. */
    private final int[] rowStart;
    private final int[] features;
    private final double[] values;
    /** Feature t's rows and values are at {@code [featureStart[t], featureStart[t + 1])}, rows ascending. */
    private final int[] featureStart;
    private final int[] featureRows;
    private final double[] featureValues;
    /** {@code ||p_i||^2}, summed over the row's features in order. */
    private final double[] squaredNorms;
    /** {@code ||u_i||}: the raw row's length for Euclidean distance, 1 for cosine; null without cosines. */
    private final double[] lengths;
    /** The most values any row stores, for the rounding bound. */
    private final int mostStored;
    private final RowPositions positions;

    private SparsePoints(long[] ids, Vector[] vectors, double[] labels, RowEmbedding embedding) {
        this.ids = ids;
        this.labels = labels;
        this.centre = embedding.centre();
        int size = ids.length;
        int dim = embedding.numFeatures();
        double[] scales = new double[size];
        rowStart = new int[size + 1];
        for (int i = 0; i < size; i++) {
            scales[i] = embedding.measure() == DistanceMeasure.COSINE ? 1.0 / Vectors.norm(vectors[i], 2.0) : 1.0;
            rowStart[i + 1] = rowStart[i] + vectors[i].numNonzeros();
        }
        int stored = rowStart[size];
        features = new int[stored];
        values = new double[stored];
        featureStart = new int[dim + 1];
        squaredNorms = new double[size];
        lengths = embedding.withCosines() ? new double[size] : null;
        int most = 0;
        for (int i = 0; i < size; i++) {
            int at = rowStart[i];
            Vector row = vectors[i];
            int[] indices = row instanceof SparseVector sparse ? sparse.indices() : null;
            double[] raw = row instanceof SparseVector sparse ? sparse.values() : ((DenseVector) row).values();
            double squared = 0.0;
            for (int p = 0; p < raw.length; p++) {
                if (raw[p] != 0.0) {
                    double value = raw[p] * scales[i];
                    features[at] = indices == null ? p : indices[p];
                    values[at++] = value;
                    squared += value * value;
                    featureStart[features[at - 1] + 1]++;
                }
            }
            squaredNorms[i] = squared;
            most = Math.max(most, rowStart[i + 1] - rowStart[i]);
            if (lengths != null) {
                lengths[i] = embedding.measure() == DistanceMeasure.COSINE ? 1.0 : Vectors.norm(row, 2.0);
            }
        }
        mostStored = most;
        for (int t = 0; t < dim; t++) {
            featureStart[t + 1] += featureStart[t];
        }
        featureRows = new int[stored];
        featureValues = new double[stored];
        int[] next = Arrays.copyOf(featureStart, dim);
        for (int i = 0; i < size; i++) {
            for (int p = rowStart[i]; p < rowStart[i + 1]; p++) {
                int slot = next[features[p]]++;
                featureRows[slot] = i;
                featureValues[slot] = values[p];
            }
        }
        positions = new RowPositions(ids);
    }

    /** Whether rows whose share of non-zero values is {@code density} are measured as sparse points. */
    public static boolean pays(double density) {
        return density <= MAX_DENSITY;
    }

    /** The rows of {@code block}, with their labels when the block carries them. */
    public static SparsePoints of(RowBlock block, RowEmbedding embedding) {
        return new SparsePoints(block.ids(), block.vectors().toArray(Vector[]::new), block.labels(), embedding);
    }

    /** The rows {@code ids}, which must be strictly ascending, with their vectors. */
    public static SparsePoints of(long[] ids, Vector[] vectors, RowEmbedding embedding) {
        WorkingBlock.requireAscending(ids, "a group of sparse points");
        return new SparsePoints(ids, vectors, null, embedding);
    }

    @Override
    public int size() {
        return ids.length;
    }

    @Override
    public long[] ids() {
        return ids;
    }

    @Override
    public int positionOf(long id) {
        return positions.of(id);
    }

    @Override
    public double[] labels() {
        return labels;
    }

    /** Merges the two rows' features in ascending order: {@code sum (a_t - b_t)^2}, a feature stored by one row alone adding its square. */
    @Override
    public double squaredDistance(int i, SparsePoints other, int j) {
        int p = rowStart[i];
        int pEnd = rowStart[i + 1];
        int q = other.rowStart[j];
        int qEnd = other.rowStart[j + 1];
        double sum = 0.0;
        while (p < pEnd || q < qEnd) {
            int fa = p < pEnd ? features[p] : Integer.MAX_VALUE;
            int fb = q < qEnd ? other.features[q] : Integer.MAX_VALUE;
            double difference = fa == fb ? values[p++] - other.values[q++] : fa < fb ? values[p++] : other.values[q++];
            sum += difference * difference;
        }
        return sum;
    }

    /**
     * {@code 16 u (s + 1) (||p_i||^2 + ||p_j||^2)} for unit roundoff u and s the most values a row of
     * either group stores: above the rounding of both norms, the accumulated dot product and the
     * merged sum, each of at most 2s terms.
     */
    @Override
    public double estimateSlack(int i, SparsePoints other, int j) {
        return 16.0 * Math.ulp(1.0) * (Math.max(mostStored, other.mostStored) + 1) * (squaredNorms[i] + other.squaredNorms[j]);
    }

    @Override
    public boolean keepsCosines() {
        return lengths != null;
    }

    /** {@code u_i . u_j = (||p_i||^2 + ||p_j||^2 - d^2) / 2} over {@code ||u_i|| ||u_j||}: the points are not centred. */
    @Override
    public double cosine(int i, SparsePoints other, int j, double squaredDistance) {
        if (!keepsCosines() || !other.keepsCosines() || lengths[i] == 0.0 || other.lengths[j] == 0.0) {
            return Double.NaN;
        }
        return 0.5 * ((squaredNorms[i] + other.squaredNorms[j]) - squaredDistance) / (lengths[i] * other.lengths[j]);
    }

    @Override
    public void distances(SparsePoints right, BlockDistanceKernel.PairSink sink) {
        boolean sameBlock = right == this;
        double[] dots = new double[size()];
        double[] squared = new double[size()];
        for (int j = 0; j < right.size(); j++) {
            int end = sameBlock ? j : size();
            for (int q = right.rowStart[j]; q < right.rowStart[j + 1]; q++) {
                double value = right.values[q];
                int feature = right.features[q];
                for (int p = featureStart[feature]; p < featureStart[feature + 1] && featureRows[p] < end; p++) {
                    dots[featureRows[p]] += featureValues[p] * value;
                }
            }
            double rightNorm = right.squaredNorms[j];
            for (int i = 0; i < end; i++) {
                squared[i] = Math.max(0.0, squaredNorms[i] + rightNorm - 2.0 * dots[i]);
                dots[i] = 0.0;
            }
            if (end > 0) {
                sink.column(j, 0, end, squared, 0);
            }
        }
    }

    @Override
    public void nearest(SparsePoints right, CandidateHeaps leftHeaps, CandidateHeaps rightHeaps) {
        distances(right, PairOffers.screenedBySlack(new PairOffers<>(this, right, leftHeaps, rightHeaps)));
    }

    /** {@code sum_i ||p_i - c||^2 = sum_i (sum over stored t of ((p_t - c_t)^2 - c_t^2)) + m ||c||^2}, in O(nnz + d). */
    @Override
    public double squaredDeviation() {
        double centreSquared = 0.0;
        for (double value : centre) {
            centreSquared += value * value;
        }
        double sum = 0.0;
        for (int p = 0; p < values.length; p++) {
            double c = centre[features[p]];
            double shifted = values[p] - c;
            sum += shifted * shifted - c * c;
        }
        return sum + size() * centreSquared;
    }

    @Override
    public double[] point(int i) {
        double[] point = new double[centre.length];
        for (int t = 0; t < point.length; t++) {
            point[t] = -centre[t];
        }
        for (int p = rowStart[i]; p < rowStart[i + 1]; p++) {
            point[features[p]] = values[p] - centre[features[p]];
        }
        return point;
    }

    /** Every row stores the features and values of the first, and the first's point is {@code point} ({@code ==}, so 0.0 equals -0.0). */
    @Override
    public boolean allPointsEqual(double[] point) {
        for (int i = 1; i < size(); i++) {
            if (rowStart[i + 1] - rowStart[i] != rowStart[1]) {
                return false;
            }
            for (int p = 0; p < rowStart[1]; p++) {
                if (features[rowStart[i] + p] != features[p] || values[rowStart[i] + p] != values[p]) {
                    return false;
                }
            }
        }
        double[] first = size() == 0 ? point : point(0);
        for (int t = 0; t < point.length; t++) {
            if (first[t] != point[t]) {
                return false;
            }
        }
        return true;
    }
}
