package lapscore.selection;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;

import lapscore.selection.base.FitSummary;
import lapscore.testkit.ClassLabels;
import lapscore.testkit.DenseLaplacianReference;
import lapscore.testkit.LabeledFrames;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Theorem 1 of He, Cai and Niyogi (NIPS 2005): the Laplacian Score on the class graph
 * (S_ij = 1/n_l for every pair of rows of class l, i = j included) is 1 / (1 + F_r), F_r the Fisher
 * score. Both selectors are checked against plain computations written here: the Fisher score from
 * per-class means and plain variances, and eq. 1 on the dense class graph with explicit
 * matrix-vector products.
 */
class FisherIdentityTest {

    /** Class sizes, a class of one row included; rows are shuffled so classes interleave. */
    private static final int[] CLASS_SIZES = {1, 6, 17, 36};
    /** Features 0-4 vary within and between classes; 5 is constant within every class but not overall; 6 is constant. */
    private static final int SPREAD = 5;
    private static final int WITHIN_CONSTANT = 5;
    private static final int CONSTANT = 6;
    private static final int DIMS = 7;
    private static final double[] NUMERIC_LABELS = {-3.5, 0.0, 2.0, 11.0};
    /** Sorted order (alpha, beta, mu, zeta) differs from the class order, so string codes differ from the class codes. */
    private static final String[] STRING_LABELS = {"zeta", "alpha", "mu", "beta"};

    private static final int[] CLASSES;
    private static final double[][] DATA;

    static {
        Random random = new Random(17);
        CLASSES = ClassLabels.shuffled(CLASS_SIZES, random);
        double[][] classMeans = new double[CLASS_SIZES.length][SPREAD];
        for (double[] means : classMeans) {
            for (int r = 0; r < SPREAD; r++) {
                means[r] = (r % 2 == 0 ? 3.0 : 0.3) * random.nextGaussian();
            }
        }
        DATA = new double[CLASSES.length][DIMS];
        for (int i = 0; i < CLASSES.length; i++) {
            int c = CLASSES[i];
            for (int r = 0; r < SPREAD; r++) {
                DATA[i][r] = classMeans[c][r] + (1 + r) * random.nextGaussian();
            }
            DATA[i][3] += 1e6;
            DATA[i][WITHIN_CONSTANT] = 1.0 + 2.5 * c;
            DATA[i][CONSTANT] = 3.0;
        }
    }

    private static Object[] numericLabels() {
        return Arrays.stream(CLASSES).mapToObj(c -> (Object) NUMERIC_LABELS[c]).toArray();
    }

    private static Dataset<Row> numericFrame(int partitions) {
        return LabeledFrames.frame(DATA, numericLabels(), DataTypes.DoubleType, partitions);
    }

    private static double[] column(int r) {
        return Arrays.stream(DATA).mapToDouble(row -> row[r]).toArray();
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double value : values) {
            sum += value;
        }
        return sum / values.length;
    }

    /** F_r = sum_l n_l (mu_l - mu)^2 / sum_l n_l sigma_l^2, sigma_l^2 the plain variance (divided by n_l). */
    private static double closedFormFisher(int r) {
        double[] f = column(r);
        double mu = mean(f);
        double between = 0;
        double within = 0;
        for (int c = 0; c < CLASS_SIZES.length; c++) {
            final int label = c;
            double[] inClass = IntStream.range(0, f.length).filter(i -> CLASSES[i] == label).mapToDouble(i -> f[i]).toArray();
            double muL = mean(inClass);
            double variance = 0;
            for (double value : inClass) {
                variance += (value - muL) * (value - muL);
            }
            variance /= inClass.length;
            between += inClass.length * (muL - mu) * (muL - mu);
            within += inClass.length * variance;
        }
        return between / within;
    }

    /**
     * Eq. 1 on the dense class graph: S_ij = 1/n_l when rows i and j (i = j included) are of class l,
     * D = diag(S 1), L = D - S, f~ = f - (f^T D 1 / 1^T D 1) 1, L_r = f~^T L f~ / f~^T D f~.
     */
    private static double denseClassGraphScore(int r) {
        int m = DATA.length;
        double[][] s = new double[m][m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                if (CLASSES[i] == CLASSES[j]) {
                    s[i][j] = 1.0 / CLASS_SIZES[CLASSES[i]];
                }
            }
        }
        return DenseLaplacianReference.scoresOf(s, DATA, false)[r];
    }

    private static void assertRelative(double expected, double actual, double relative, String message) {
        assertEquals(expected, actual, relative * Math.abs(expected), message);
    }

    /** Same values, NaN and infinities included, finite ones within {@code relative}. */
    private static void assertSameScores(double[] expected, double[] actual, double relative, String message) {
        assertEquals(expected.length, actual.length, message);
        for (int r = 0; r < expected.length; r++) {
            if (Double.isFinite(expected[r])) {
                assertRelative(expected[r], actual[r], relative, message + ", feature " + r);
            } else {
                assertEquals(expected[r], actual[r], message + ", feature " + r);
            }
        }
    }

    private static long sameClassPairs() {
        return Arrays.stream(CLASS_SIZES).mapToLong(n -> (long) n * (n - 1) / 2).sum();
    }

    @Test
    void fisherScoresMatchTheClosedForm() {
        FisherScoreSelectorModel model = new FisherScoreSelector().setLabelCol(LabeledFrames.LABEL).fit(numericFrame(3));
        double[] scores = model.scores();
        assertEquals(DIMS, scores.length);
        for (int r = 0; r < SPREAD; r++) {
            double expected = closedFormFisher(r);
            assertTrue(Double.isFinite(expected) && expected > 0, "reference must be finite and positive");
            assertRelative(expected, scores[r], 1e-9, "feature " + r);
        }
        assertTrue(closedFormFisher(WITHIN_CONSTANT) > 1e20, "the reference sees no spread within the classes");
        assertEquals(Double.POSITIVE_INFINITY, scores[WITHIN_CONSTANT], "constant within every class, not overall");
        assertTrue(Double.isNaN(scores[CONSTANT]), "constant over all rows");

        FitSummary summary = model.summary();
        assertEquals(DATA.length, summary.numRows());
        assertEquals(DIMS, summary.numFeatures());
        assertEquals(CLASS_SIZES.length, summary.numClasses());
        assertEquals(sameClassPairs(), summary.numEdges());
    }

    @Test
    void laplacianScoreOnTheDenseClassGraphIsOneOverOnePlusFisher() {
        LaplacianScoreSelectorModel model = new LaplacianScoreSelector().setGraphType("class")
                .setLabelCol(LabeledFrames.LABEL).fit(numericFrame(2));
        double[] scores = model.scores();
        assertEquals(DIMS, scores.length);
        for (int r = 0; r < SPREAD; r++) {
            double dense = denseClassGraphScore(r);
            double closedForm = 1.0 / (1.0 + closedFormFisher(r));
            assertTrue(dense > 0 && dense < 1, "reference score of feature " + r + " in (0, 1)");
            assertRelative(closedForm, dense, 1e-9, "Theorem 1, dense graph against the Fisher closed form, feature " + r);
            assertRelative(dense, scores[r], 1e-9, "selector against the dense graph, feature " + r);
        }
        assertEquals(0.0, denseClassGraphScore(WITHIN_CONSTANT), 1e-12, "dense reference of the feature constant within classes");
        assertEquals(0.0, scores[WITHIN_CONSTANT], "constant within every class scores 0 = 1 / (1 + infinity)");
        assertTrue(Double.isNaN(denseClassGraphScore(CONSTANT)), "dense reference of the constant feature is 0/0");
        assertTrue(Double.isNaN(scores[CONSTANT]));

        FitSummary summary = model.summary();
        assertEquals("class", summary.graphType());
        assertEquals(CLASS_SIZES.length, summary.numClasses());
        assertEquals(sameClassPairs(), summary.numEdges());
        assertEquals(DATA.length, summary.numSelfLoops(), "S_ii = 1/n_l for every row");
        assertEquals(0, summary.isolatedRows());
    }

    @Test
    void stringIntegerAndDoubleLabelsGiveTheSameScores() {
        Object[] strings = Arrays.stream(CLASSES).mapToObj(c -> (Object) STRING_LABELS[c]).toArray();
        Object[] integers = Arrays.stream(CLASSES).mapToObj(c -> (Object) (c * 7 - 4)).toArray();
        Dataset<Row> stringFrame = LabeledFrames.frame(DATA, strings, DataTypes.StringType, 2);
        double[] fisher = new FisherScoreSelector().setLabelCol(LabeledFrames.LABEL).fit(numericFrame(3)).scores();
        FisherScoreSelectorModel fromStrings = new FisherScoreSelector().setLabelCol(LabeledFrames.LABEL).fit(stringFrame);
        assertEquals(CLASS_SIZES.length, fromStrings.summary().numClasses());
        assertSameScores(fisher, fromStrings.scores(), 1e-12, "Fisher, string labels");
        assertSameScores(fisher, new FisherScoreSelector().setLabelCol(LabeledFrames.LABEL)
                .fit(LabeledFrames.frame(DATA, integers, DataTypes.IntegerType, 4)).scores(), 1e-12, "Fisher, integer labels");

        double[] laplacian = new LaplacianScoreSelector().setGraphType("class").setLabelCol(LabeledFrames.LABEL)
                .fit(stringFrame).scores();
        double[] expected = Arrays.stream(fisher).map(f -> 1.0 / (1.0 + f)).toArray();
        assertSameScores(expected, laplacian, 1e-12, "class graph with string labels against 1 / (1 + F) with numeric labels");
    }

    @Test
    void fisherRanksBestFirstInfinityFirstAndNeverSelectsTheConstantFeature() {
        FisherScoreSelector selector = new FisherScoreSelector().setLabelCol(LabeledFrames.LABEL).setNumTopFeatures(DIMS);
        FisherScoreSelectorModel model = selector.fit(numericFrame(2));
        double[] scores = model.scores();
        Integer[] expected = IntStream.range(0, DIMS).boxed().toArray(Integer[]::new);
        Arrays.sort(expected, (a, b) -> Double.isNaN(scores[a]) != Double.isNaN(scores[b])
                ? (Double.isNaN(scores[a]) ? 1 : -1)
                : scores[a] != scores[b] ? Double.compare(scores[b], scores[a]) : Integer.compare(a, b));
        int[] ranking = model.featureRanking();
        assertArrayEquals(Arrays.stream(expected).mapToInt(Integer::intValue).toArray(), ranking, "descending, NaN last");
        for (int p = 1; p < SPREAD + 1; p++) {
            assertTrue(scores[ranking[p - 1]] >= scores[ranking[p]], "larger is better, position " + p);
        }
        assertEquals(WITHIN_CONSTANT, ranking[0], "+Infinity ranks first");
        assertEquals(CONSTANT, ranking[DIMS - 1], "NaN ranks last");

        int[] allButConstant = IntStream.range(0, DIMS).filter(r -> r != CONSTANT).toArray();
        assertArrayEquals(allButConstant, model.selectedFeatures(), "numTopFeatures = d keeps every scored feature");
        assertArrayEquals(allButConstant, selector.setSelectionMode("percentile").setPercentile(1.0)
                .fit(numericFrame(2)).selectedFeatures(), "percentile 1");
        assertArrayEquals(allButConstant, selector.setSelectionMode("threshold").setScoreThreshold(0.0)
                .fit(numericFrame(2)).selectedFeatures(), "threshold 0: every scored feature passes, NaN never");
        FisherScoreSelectorModel top = new FisherScoreSelector().setLabelCol(LabeledFrames.LABEL).setNumTopFeatures(2)
                .fit(numericFrame(2));
        assertArrayEquals(IntStream.of(ranking[0], ranking[1]).sorted().toArray(), top.selectedFeatures(), "top 2");

        LaplacianScoreSelectorModel laplacian = new LaplacianScoreSelector().setGraphType("class")
                .setLabelCol(LabeledFrames.LABEL).setNumTopFeatures(DIMS).fit(numericFrame(2));
        int[] laplacianRanking = laplacian.featureRanking();
        assertEquals(WITHIN_CONSTANT, laplacianRanking[0], "score 0 ranks first on the class graph");
        assertEquals(CONSTANT, laplacianRanking[DIMS - 1], "NaN ranks last on the class graph");
        assertArrayEquals(allButConstant, laplacian.selectedFeatures());
        for (int p = 0; p < DIMS - 1; p++) {
            assertEquals(ranking[p], laplacianRanking[p], "1 / (1 + F) ranks the features as F does, position " + p);
        }
    }

    @Test
    void negativeZeroLabelIsTheSameClassAsZero() {
        // Spark SQL groups -0.0 with 0.0, and the kNN graph within classes compares labels with ==;
        // the class moments must not split the class either.
        Object[] labels = numericLabels();
        Object[] withNegativeZero = labels.clone();
        int flipped = 0;
        for (int i = 0; i < withNegativeZero.length; i++) {
            if ((Double) withNegativeZero[i] == 0.0 && flipped++ % 2 == 0) {
                withNegativeZero[i] = -0.0;
            }
        }
        assertTrue(flipped > 2, "some zero labels are flipped");
        FisherScoreSelector selector = new FisherScoreSelector().setLabelCol(LabeledFrames.LABEL);
        FisherScoreSelectorModel plain = selector.fit(LabeledFrames.frame(DATA, labels, DataTypes.DoubleType, 2));
        FisherScoreSelectorModel signed = selector.fit(LabeledFrames.frame(DATA, withNegativeZero, DataTypes.DoubleType, 2));
        assertSameScores(plain.scores(), signed.scores(), 1e-12, "-0.0 labels");
        assertEquals(CLASS_SIZES.length, signed.summary().numClasses(), "-0.0 and 0.0 are one class");
    }

    @Test
    void wellSeparatedClassesKeepTheirWithinClassSpread() {
        // Class means at -1000 and +1000 with a small spread within the classes: the within-class sum
        // of squares is a tiny difference of large sums unless it is taken about the class means.
        Random random = new Random(5);
        int m = 40;
        double[][] x = new double[m][3];
        int[] classes = new int[m];
        for (int i = 0; i < m; i++) {
            classes[i] = i % 2;
            double side = classes[i] == 0 ? -1000.0 : 1000.0;
            x[i][0] = side + 1e-3 * random.nextGaussian();
            x[i][1] = side + 1e-5 * random.nextGaussian();
            x[i][2] = random.nextGaussian();
        }
        FisherScoreSelectorModel fisher = new FisherScoreSelector().setLabelCol(LabeledFrames.LABEL)
                .fit(LabeledFrames.frame(x, LabeledFrames.doubles(classes), DataTypes.DoubleType, 2));
        List<Executable> checks = new ArrayList<>();
        for (int r = 0; r < 3; r++) {
            final int feature = r;
            double[] f = Arrays.stream(x).mapToDouble(row -> row[feature]).toArray();
            double mu = mean(f);
            double between = 0;
            double within = 0;
            for (int c = 0; c < 2; c++) {
                final int label = c;
                double[] inClass = IntStream.range(0, m).filter(i -> classes[i] == label).mapToDouble(i -> f[i]).toArray();
                double muL = mean(inClass);
                between += inClass.length * (muL - mu) * (muL - mu);
                for (double value : inClass) {
                    within += (value - muL) * (value - muL);
                }
            }
            double expected = between / within;
            assertTrue(within > 0 && Double.isFinite(expected), "the reference sees a spread within the classes");
            double actual = fisher.scores()[r];
            // Values near 1000 carry about 1e-13 absolute precision, so a spread of 1e-5 is itself only known to
            // about 1e-8 relative (the reference's own class means round that much); the sum of squares taken
            // about a far-away centre instead is off by 20% there.
            double tolerance = feature == 1 ? 1e-7 : 1e-9;
            checks.add(() -> assertRelative(expected, actual, tolerance, "feature " + feature + " (not constant within the classes)"));
        }
        assertAll(checks);
    }

    @Test
    void unusableLabelsAreRefusedNamingTheColumnAndTheRow() {
        Object[] withNull = numericLabels();
        withNull[17] = null;
        Object[] withNaN = numericLabels();
        withNaN[23] = Double.NaN;
        withNaN[41] = null;
        Object[] stringsWithNull = Arrays.stream(CLASSES).mapToObj(c -> (Object) STRING_LABELS[c]).toArray();
        stringsWithNull[5] = null;
        Object[] oneClass = Arrays.stream(CLASSES).mapToObj(c -> (Object) 4.0).toArray();

        FisherScoreSelector fisher = new FisherScoreSelector().setLabelCol(LabeledFrames.LABEL);
        LaplacianScoreSelector classGraph = new LaplacianScoreSelector().setGraphType("class").setLabelCol(LabeledFrames.LABEL);
        LaplacianScoreSelector classKnn = new LaplacianScoreSelector().setGraphType("classKnn").setLabelCol(LabeledFrames.LABEL);
        Dataset<Row> nullFrame = LabeledFrames.frame(DATA, withNull, DataTypes.DoubleType, 3);
        assertRefused(() -> fisher.fit(nullFrame), "'label'", "no label", "row 17");
        assertRefused(() -> classGraph.fit(nullFrame), "'label'", "no label", "row 17");
        assertRefused(() -> classKnn.fit(nullFrame), "'label'", "no label", "row 17");
        assertRefused(() -> fisher.fit(LabeledFrames.frame(DATA, withNaN, DataTypes.DoubleType, 3)), "'label'", "no label", "row 23");
        assertRefused(() -> fisher.fit(LabeledFrames.frame(DATA, stringsWithNull, DataTypes.StringType, 2)),
                "'label'", "no label", "row 5");
        assertRefused(() -> classGraph.fit(LabeledFrames.frame(DATA, oneClass, DataTypes.DoubleType, 2)), "'label'", "single class");

        Dataset<Row> frame = numericFrame(1);
        for (Runnable fit : List.<Runnable>of(
                () -> new FisherScoreSelector().fit(frame),
                () -> new LaplacianScoreSelector().setGraphType("class").fit(frame),
                () -> new LaplacianScoreSelector().setGraphType("classKnn").fit(frame))) {
            IllegalArgumentException error = assertThrows(IllegalArgumentException.class, fit::run);
            assertTrue(error.getMessage().contains("labelCol"), error.getMessage());
        }
    }

    private static void assertRefused(Runnable fit, String... fragments) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, fit::run);
        for (String fragment : fragments) {
            assertTrue(error.getMessage().contains(fragment), () -> "'" + error.getMessage() + "' should mention '" + fragment + "'");
        }
    }
}
