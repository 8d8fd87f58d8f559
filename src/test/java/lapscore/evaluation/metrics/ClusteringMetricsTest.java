package lapscore.evaluation.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import lapscore.testkit.SparkTestSession;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** Clustering accuracy (eq. 6) and NMI (eq. 8) on small cases computed by hand. */
class ClusteringMetricsTest {

    private static ContingencyTable table(int[] clusters, int[] classes) {
        int clusterCount = 1 + Arrays.stream(clusters).max().orElse(0);
        int classCount = 1 + Arrays.stream(classes).max().orElse(0);
        return ContingencyTable.of(clusters, classes, clusterCount, classCount);
    }

    @Test
    void aClusteringThatIsTheClassesUnderOtherNamesScoresOne() {
        ContingencyTable permuted = table(new int[]{2, 2, 0, 0, 0, 1}, new int[]{0, 0, 1, 1, 1, 2});
        assertEquals(1.0, ClusteringAccuracy.of(permuted), 1e-12);
        assertEquals(1.0, NormalizedMutualInformation.of(permuted), 1e-12);
    }

    @Test
    void accuracyUsesTheBestOneToOneMapping() {
        // Cluster 0 holds classes {1, 1, 0}, cluster 1 {0, 0, 2}, cluster 2 {2, 2}: the best map is
        // 0 -> 1 (2 rows), 1 -> 0 (2 rows), 2 -> 2 (2 rows), so 6 of 8 rows are right.
        ContingencyTable table = table(new int[]{0, 0, 0, 1, 1, 1, 2, 2}, new int[]{1, 1, 0, 0, 0, 2, 2, 2});
        assertEquals(6.0 / 8, ClusteringAccuracy.of(table), 1e-12);
    }

    @Test
    void moreClustersThanClassesLeaveAClusterUnmapped() {
        // Clusters {0,0}, {0,0}, {1,1}: two clusters want class 0 but only one gets it: 4 of 6.
        ContingencyTable table = table(new int[]{0, 0, 1, 1, 2, 2}, new int[]{0, 0, 0, 0, 1, 1});
        assertEquals(4.0 / 6, ClusteringAccuracy.of(table), 1e-12);
        // Classes {0,0,0,0,1,1} have entropy H(C) = -(2/3 ln 2/3 + 1/3 ln 1/3); the clusters, three of
        // equal size, ln 3; each cluster is pure, so MI = H(C), and NMI = H(C) / ln 3.
        double classEntropy = -(2.0 / 3 * Math.log(2.0 / 3) + 1.0 / 3 * Math.log(1.0 / 3));
        assertEquals(classEntropy / Math.log(3), NormalizedMutualInformation.of(table), 1e-12);
    }

    @Test
    void nmiOfAHandComputedCase() {
        // Clusters {0,0,0,1} against classes {0,0,1,1}: cells (0,0) = 2, (0,1) = 1, (1,1) = 1 of 4 rows.
        ContingencyTable table = table(new int[]{0, 0, 0, 1}, new int[]{0, 0, 1, 1});
        double mutual = 0.5 * Math.log(2 * 4.0 / (3 * 2)) + 0.25 * Math.log(4.0 / (3 * 2)) + 0.25 * Math.log(4.0 / 2);
        double clusterEntropy = -(0.75 * Math.log(0.75) + 0.25 * Math.log(0.25));
        double classEntropy = Math.log(2);
        assertEquals(mutual / Math.max(clusterEntropy, classEntropy), NormalizedMutualInformation.of(table), 1e-12);
        assertEquals(0.75, ClusteringAccuracy.of(table), 1e-12);
    }

    @Test
    void independentPartitionsHaveNoMutualInformation() {
        ContingencyTable table = table(new int[]{0, 0, 1, 1}, new int[]{0, 1, 0, 1});
        assertEquals(0.0, NormalizedMutualInformation.of(table), 1e-12);
        assertEquals(0.5, ClusteringAccuracy.of(table), 1e-12);
    }

    @Test
    void sparkCountsTheSameTable() {
        Random random = new Random(3);
        int[] clusters = new int[500];
        int[] classes = new int[500];
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < clusters.length; i++) {
            clusters[i] = random.nextInt(4);
            classes[i] = random.nextInt(3);
            rows.add(RowFactory.create(clusters[i], (double) classes[i]));
        }
        StructType schema = new StructType().add("cluster", DataTypes.IntegerType).add("label", DataTypes.DoubleType);
        Dataset<Row> frame = SparkTestSession.spark().createDataFrame(rows, schema).repartition(3);
        ContingencyTable counted = ContingencyTable.of(frame, "cluster", "label", 4, 3);
        ContingencyTable expected = ContingencyTable.of(clusters, classes, 4, 3);
        for (int r = 0; r < 4; r++) {
            for (int s = 0; s < 3; s++) {
                assertEquals(expected.count(r, s), counted.count(r, s));
            }
        }
    }
}
