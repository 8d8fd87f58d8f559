package lapscore.graph.edges;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import lapscore.testkit.SparkTestSession;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.storage.StorageLevel;
import org.junit.jupiter.api.Test;

/**
 * Cached edges that go to disk (a fit in a small heap spills them) are serialised by Spark's
 * serializer, Kryo in the tests as in {@code bin/lapscore}: they must come back whole.
 */
class EdgeTest {

    @Test
    void edgesCachedOnDiskComeBackWhole() {
        List<Edge> edges = List.of(new Edge(0, 3, 1.5, 0.25), Edge.selfLoop(7), new Edge(2, 9, 0.0, -1.0));
        JavaRDD<Edge> onDisk = JavaSparkContext.fromSparkContext(SparkTestSession.spark().sparkContext())
                .parallelize(edges, 2).persist(StorageLevel.DISK_ONLY());
        try {
            onDisk.count();
            assertEquals(edges, onDisk.collect());
        } finally {
            onDisk.unpersist(true);
        }
    }
}
