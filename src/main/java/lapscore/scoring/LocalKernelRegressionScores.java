package lapscore.scoring;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

import lapscore.data.VectorEntries;
import lapscore.data.blocks.BlockLayout;
import lapscore.data.blocks.BlockPartitioner;
import lapscore.data.blocks.FeatureCentres;
import lapscore.data.blocks.OrderedReduce;
import lapscore.data.blocks.PackedVectors;
import lapscore.data.blocks.PreparedRows;
import lapscore.data.blocks.RowBlock;
import lapscore.data.blocks.RowGather;
import lapscore.graph.WeightedGraph;
import lapscore.graph.distance.DistanceMeasure;
import lapscore.graph.edges.Edge;
import lapscore.graph.edges.EdgeWeighting;
import lapscore.graph.search.NeighbourLists;
import lapscore.progress.Stage;
import lapscore.progress.StageTimer;
import lapscore.progress.StepNames;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.linalg.Vector;

import scala.Tuple2;

/**
 * The Local Kernel Regression score of every feature (Y.-M. Cheung and H. Zeng, "Local Kernel
 * Regression Score for Selecting Features of High-Dimensional Data", IEEE Transactions on Knowledge
 * and Data Engineering 21(12), 2009), smaller is better:
 * <pre>
 *   Phi_r = sum_i D_ii (f_ri - sum_j beta_ij f_rj)^2 / sum_i D_ii (f_ri - mu_r)^2          (eq. 16)
 *   beta_i = (K_Ni + lambda I)^-1 k_Ni,   K(a, b) = exp(-||a - b||^2 / h)                   (eq. 8)
 *   mu_r = sum_i D_ii f_ri / sum_i D_ii                                                   (eq. 15)
 * </pre>
 * the numerator written as in eq. 13 (B's factors {@code sqrt(D_ii / D_jj)} cancel). Both the paper's
 * score of the raw feature, whose error changes with a constant added because the coefficients need
 * not sum to 1, and the score of the feature shifted by mu_r come from the same sums
 * ({@link RegressionErrors}), so every fit has both ({@link LkrScores}).
 *
 * <p><b>kNN graph</b> (eq. 5): N_i are row i's k nearest neighbours (a directed set), D the degrees
 * of the union-symmetrised graph weighted by the same kernel. The pass over the edges of the
 * Laplacian Score gives the denominators ({@link FeatureMoments}), a second one the per-row degrees;
 * every block then receives the vectors of its rows' neighbours once ({@link RowGather}), solves one
 * k x k system per row with LAPACK {@code dposv} ({@link LocalRegression#coefficients}) and adds
 * the row's residuals to d-length sums ({@link RegressionErrors}): O(m (k^3 + k^2 dim + k nnz))
 * flops, O(d) on the driver.
 *
 * <p><b>Class graph</b> (eq. 6, {@code w_ij = 1/n_l} with i = j included, so D = I): N_i is every
 * other row of i's class. One task per class factorises the class's kernel matrix once and gets every
 * row's leave-one-out residuals from it ({@link LocalRegression#leaveOneOutResiduals}):
 * O(n_l^3 + n_l^2 d) per class instead of O(n_l^4); the task holds the class's n_l x n_l kernel
 * matrix and its n_l x d features densely. A class of more rows than the bound regresses each of its
 * rows on its k nearest rows of the class instead, found by the exact join over the rows of such
 * classes only, laid out by class.
 */
public final class LocalKernelRegressionScores {

    private LocalKernelRegressionScores() {
    }

    /**
     * How the local regressions are made.
     *
     * @param measure        the distance in whose space the kernel is evaluated
     * @param bandwidth      h of the Gaussian kernel {@code exp(-d^2 / h)}
     * @param lambda         the ridge term
     */
    public record Regression(DistanceMeasure measure, double bandwidth, double lambda) implements Serializable {
    }

    /**
     * Rows laid out in blocks with every row's directed list of its k nearest neighbours, keyed and
     * partitioned like the blocks.
     *
     * @param blocks  the rows, partition i holding block i
     * @param layout  the blocks' layout
     * @param lists   every row's neighbour list, partition i holding block i's
     * @param centres the centres the points are embedded from
     */
    public record NeighbourRows(JavaRDD<RowBlock> blocks, BlockLayout layout, JavaPairRDD<Long, NeighbourLists> lists,
                                FeatureCentres centres) {
    }

    /**
     * Scores on the kNN graph of eq. 5: weighted by the Gaussian kernel of the regressions, without
     * self-loops, built with its neighbour lists kept ({@link WeightedGraph#neighbourLists()}); its
     * steps timed by {@code timer}.
     */
    public static LkrScores onGraph(WeightedGraph graph, double lambda, StageTimer timer) {
        double[] shift = graph.featureMeans();
        Regression regression = new Regression(graph.measure(), graph.weighting().bandwidth(), lambda);
        FeatureMoments moments = LaplacianScores.moments(graph, shift, timer);
        NeighbourRows rows = new NeighbourRows(graph.blocks(), graph.layout(), graph.neighbourLists(), graph.centres());
        RegressionErrors errors = timer.run(Stage.SCORES, StepNames.LKR_SCORES + ": one " + graph.statistics().numNeighbors()
                        + "-neighbour regression per row in " + graph.layout().numBlocks() + " blocks",
                () -> regressOnNeighbours(rows, degrees(graph), regression, shift));
        double[] raw = new double[shift.length];
        double[] centred = new double[shift.length];
        for (int r = 0; r < raw.length; r++) {
            boolean constant = moments.constantOnGraph(r);
            raw[r] = constant ? Double.NaN : errors.error(r, shift[r]) / moments.degreeVariance(r);
            centred[r] = constant ? Double.NaN : errors.error(r, moments.shiftMinusDegreeMean(r)) / moments.degreeVariance(r);
        }
        return new LkrScores(raw, centred);
    }

    /**
     * Scores on the class graph of {@code rows} (eq. 6, D = I). The rows of the classes labelled
     * {@code largeLabels} (ascending) regress on their k nearest rows of the class, as
     * {@code largeClassRows} lists them (those rows only; null when there is no such class); every
     * other row on all other rows of its class.
     */
    public static LkrScores onClasses(PreparedRows rows, ClassMoments moments, double[] largeLabels,
                                     NeighbourRows largeClassRows, Regression regression, StageTimer timer) {
        double[] shift = rows.centres().means();
        double[] centre = regression.measure().centre(rows.centres());
        RegressionErrors errors = timer.run(Stage.SCORES, StepNames.LKR_SCORES + ": one regression per class of at most "
                + "the bound", () -> regressWithinClasses(rows.blocks(), largeLabels, regression, centre, shift));
        if (largeClassRows != null) {
            JavaRDD<double[]> unitWeights = largeClassRows.blocks().map(block -> {
                double[] weight = new double[block.size()];
                Arrays.fill(weight, 1.0);
                return weight;
            });
            errors.merge(timer.run(Stage.SCORES, StepNames.LKR_SCORES + ": " + StepNames.LARGE_CLASS_REGRESSIONS,
                    () -> regressOnNeighbours(largeClassRows, unitWeights, regression, shift)));
        }
        double[] between = moments.betweenClass();
        double[] within = moments.withinClass();
        double[] means = moments.means();
        double[] raw = new double[shift.length];
        double[] centred = new double[shift.length];
        for (int r = 0; r < raw.length; r++) {
            boolean constant = moments.constant(r);
            raw[r] = constant ? Double.NaN : errors.error(r, shift[r]) / (between[r] + within[r]);
            centred[r] = constant ? Double.NaN : errors.error(r, shift[r] - means[r]) / (between[r] + within[r]);
        }
        return new LkrScores(raw, centred);
    }

    /** {@code D_ii} of every row, one array per block (partition i holding block i), summed in block-pair order. */
    private static JavaRDD<double[]> degrees(WeightedGraph graph) {
        BlockLayout layout = graph.layout();
        EdgeWeighting weighting = graph.weighting();
        return graph.edgesByBlockPair()
                .mapPartitionsWithIndex((pair, edges) -> degreesWithin(pair, edges, layout, weighting), false)
                .mapToPair(contribution -> contribution)
                .groupByKey(new BlockPartitioner(layout))
                .values()
                .mapPartitionsWithIndex((block, contributions) -> {
                    double[] degree = new double[layout.rowsIn(block)];
                    List<Tuple2<Integer, double[]>> ordered = new ArrayList<>();
                    contributions.forEachRemaining(group -> group.forEach(ordered::add));
                    ordered.sort(Comparator.comparingInt(Tuple2::_1));
                    for (Tuple2<Integer, double[]> part : ordered) {
                        for (int i = 0; i < degree.length; i++) {
                            degree[i] += part._2()[i];
                        }
                    }
                    return List.of(degree).iterator();
                }, true);
    }

    /** The weights one block pair's edges add to the degrees of the rows of its (one or two) blocks. */
    private static Iterator<Tuple2<Long, Tuple2<Integer, double[]>>> degreesWithin(int pair, Iterator<Edge> edges,
                                                                                  BlockLayout layout, EdgeWeighting weighting) {
        Map<Integer, double[]> byBlock = new TreeMap<>();
        while (edges.hasNext()) {
            Edge edge = edges.next();
            double weight = weighting.weight(edge);
            addDegree(byBlock, layout, edge.src(), weight);
            if (!edge.isSelfLoop()) {
                addDegree(byBlock, layout, edge.dst(), weight);
            }
        }
        List<Tuple2<Long, Tuple2<Integer, double[]>>> result = new ArrayList<>(byBlock.size());
        byBlock.forEach((block, degree) -> result.add(new Tuple2<>(layout.firstRow(block), new Tuple2<>(pair, degree))));
        return result.iterator();
    }

    private static void addDegree(Map<Integer, double[]> byBlock, BlockLayout layout, long row, double weight) {
        int block = layout.blockOf(row);
        byBlock.computeIfAbsent(block, b -> new double[layout.rowsIn(b)])[(int) (row - layout.firstRow(block))] += weight;
    }

    /**
     * Regresses every row of positive weight on its neighbour list and sums the weighted residuals:
     * each block receives its rows' neighbours once, then solves per row; the block sums are merged
     * in block order ({@link OrderedReduce}).
     */
    private static RegressionErrors regressOnNeighbours(NeighbourRows rows, JavaRDD<double[]> weights, Regression regression,
                                                       double[] shift) {
        JavaRDD<long[]> wanted = rows.lists().values().zipPartitions(weights, (own, weight) -> {
            NeighbourLists lists = own.next();
            double[] rowWeights = weight.next();
            LongStream.Builder ids = LongStream.builder();
            for (int row = 0; row < lists.rows(); row++) {
                for (int n = 0; rowWeights[row] != 0.0 && n < lists.count(row); n++) {
                    ids.add(lists.neighbour(row, n));
                }
            }
            return List.of(ids.build().sorted().distinct().toArray()).iterator();
        });
        JavaRDD<RowGather.Gathered<PackedVectors>> gathered = RowGather.gather(wanted, rows.blocks(), null, rows.layout());
        double[] centre = regression.measure().centre(rows.centres());
        int numFeatures = shift.length;
        JavaRDD<RegressionErrors> perBlock = rows.blocks()
                .zipPartitions(weights, (block, weight) -> List.of(new Tuple2<>(block.next(), weight.next())).iterator())
                .zipPartitions(rows.lists().values(), (blockWeights, own) -> List.of(new Tuple2<>(blockWeights.next(), own.next())).iterator())
                .zipPartitions(gathered, (own, delivered) -> {
                    Tuple2<Tuple2<RowBlock, double[]>, NeighbourLists> block = own.next();
                    return List.of(regressBlock(block._1()._1(), block._1()._2(), block._2(), delivered.next(), regression,
                            centre, shift, numFeatures)).iterator();
                });
        return OrderedReduce.reduce(perBlock, RegressionErrors::merge);
    }

    /** The weighted residual sums of one block's rows, each regressed on its neighbours. */
    private static RegressionErrors regressBlock(RowBlock block, double[] weights, NeighbourLists lists, RowGather.Gathered<PackedVectors> neighbours,
                                                 Regression regression, double[] centre, double[] shift, int numFeatures) {
        RegressionErrors errors = new RegressionErrors(shift);
        ResidualRow residual = new ResidualRow(numFeatures);
        double[] point = new double[numFeatures];
        Vector[] delivered = neighbours.rows().unpack();
        for (int i = 0; i < block.size(); i++) {
            if (weights[i] == 0.0) {
                continue;
            }
            int count = lists.count(i);
            double[] others = new double[count * numFeatures];
            Vector[] vectors = new Vector[count];
            for (int n = 0; n < count; n++) {
                vectors[n] = delivered[neighbours.positionOf(lists.neighbour(i, n))];
                regression.measure().embed(vectors[n], centre, others, n * numFeatures);
            }
            regression.measure().embed(block.row(i), centre, point, 0);
            double[] beta = LocalRegression.coefficients(point, others, regression.bandwidth(), regression.lambda());
            residual.add(block.row(i), 1.0);
            double offset = 1.0;
            for (int n = 0; n < count; n++) {
                residual.add(vectors[n], -beta[n]);
                offset -= beta[n];
            }
            residual.addTo(errors, weights[i], offset, shift);
        }
        return errors;
    }

    /**
     * Regresses every row of a class that is not in {@code largeLabels} on all other rows of its
     * class, one task per class; the sums of the classes are merged on the driver in label order.
     */
    private static RegressionErrors regressWithinClasses(JavaRDD<RowBlock> blocks, double[] largeLabels, Regression regression,
                                                         double[] centre, double[] shift) {
        List<Tuple2<Double, RegressionErrors>> perClass = blocks
                .flatMapToPair(block -> {
                    List<Tuple2<Double, Tuple2<Long, Vector>>> rows = new ArrayList<>();
                    for (int i = 0; i < block.size(); i++) {
                        if (Arrays.binarySearch(largeLabels, block.label(i)) < 0) {
                            rows.add(new Tuple2<>(block.label(i), new Tuple2<>(block.firstRow() + i, block.row(i))));
                        }
                    }
                    return rows.iterator();
                })
                .groupByKey()
                .mapValues(members -> regressClass(members, regression, centre, shift))
                .collect();
        RegressionErrors total = new RegressionErrors(shift);
        perClass.stream().sorted(Comparator.comparingDouble(Tuple2::_1)).forEach(entry -> total.merge(entry._2()));
        return total;
    }

    /**
     * The residual sums of one class (weight 1 per row, D = I): the features shifted by c with a
     * column of ones appended, whose residual is {@code 1 - sum_j beta_ij}, regressed leave-one-out.
     */
    private static RegressionErrors regressClass(Iterable<Tuple2<Long, Vector>> members, Regression regression, double[] centre,
                                                 double[] shift) {
        List<Tuple2<Long, Vector>> rows = new ArrayList<>();
        members.forEach(rows::add);
        rows.sort(Comparator.comparingLong(Tuple2::_1));
        int n = rows.size();
        int d = shift.length;
        int columns = d + 1;
        double[] points = new double[n * d];
        double[] features = new double[n * columns];
        for (int i = 0; i < n; i++) {
            Vector row = rows.get(i)._2();
            regression.measure().embed(row, centre, points, i * d);
            int base = i * columns;
            for (int r = 0; r < d; r++) {
                features[base + r] = -shift[r];
            }
            VectorEntries.forEach(row, (r, value) -> features[base + r] += value);
            features[base + d] = 1.0;
        }
        double[] residuals = LocalRegression.leaveOneOutResiduals(points, d, features, columns, regression.bandwidth(),
                regression.lambda());
        RegressionErrors errors = new RegressionErrors(shift);
        int[] everyFeature = IntStream.range(0, d).toArray();
        double[] row = new double[d];
        for (int i = 0; i < n; i++) {
            System.arraycopy(residuals, i * columns, row, 0, d);
            errors.addRow(1.0, residuals[i * columns + d], everyFeature, d, row);
        }
        return errors;
    }

    /**
     * Scratch space for one row's residual {@code f_i - sum_j beta_ij f_j} over its support (the
     * features stored in the row or a neighbour), O(nnz) per row and reset after each.
     */
    private static final class ResidualRow {
        private final double[] values;
        private final int[] support;
        private final boolean[] inSupport;
        private int size;

        ResidualRow(int numFeatures) {
            values = new double[numFeatures];
            support = new int[numFeatures];
            inSupport = new boolean[numFeatures];
        }

        void add(Vector v, double factor) {
            VectorEntries.forEach(v, (r, value) -> {
                if (!inSupport[r]) {
                    inSupport[r] = true;
                    support[size++] = r;
                }
                values[r] += factor * value;
            });
        }

        /** Shifts the residual by {@code -c_r offset} (the residual of {@code f - c}), adds it and resets. */
        void addTo(RegressionErrors errors, double weight, double offset, double[] shift) {
            for (int p = 0; p < size; p++) {
                values[support[p]] -= shift[support[p]] * offset;
            }
            errors.addRow(weight, offset, support, size, values);
            for (int p = 0; p < size; p++) {
                values[support[p]] = 0.0;
                inSupport[support[p]] = false;
            }
            size = 0;
        }
    }
}
