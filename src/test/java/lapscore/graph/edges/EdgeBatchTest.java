package lapscore.graph.edges;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import org.apache.spark.SparkConf;
import org.apache.spark.serializer.KryoSerializer;
import org.apache.spark.serializer.SerializerInstance;
import org.junit.jupiter.api.Test;

import scala.reflect.ClassTag$;

/**
 * Batches of the symmetrising shuffle: each edge once, ordered, with its cosine only where the
 * search kept cosines; shipped, with Spark's Kryo serializer, without empty slots or cosines nobody
 * reads.
 */
class EdgeBatchTest {

    private static final int EDGES = 17;

    /** {@value #EDGES} edges, each added twice (once from each row), in descending order. */
    private static EdgeBatch batch(boolean withCosines) {
        EdgeBatch batch = new EdgeBatch(withCosines);
        for (int i = EDGES - 1; i >= 0; i--) {
            Edge edge = new Edge(i, i + 5, 0.5 * i, i == 0 ? 1.0 : 1.0 / (i + 1));
            batch.add(edge).add(edge);
        }
        return batch;
    }

    private static List<Edge> distinct(EdgeBatch... batches) {
        List<Edge> edges = new ArrayList<>();
        EdgeBatch.distinctEdges(List.of(batches).iterator()).forEachRemaining(edges::add);
        return edges;
    }

    @Test
    void edgesComeOnceInOrderWithTheirCosinesWhereKept() {
        for (boolean withCosines : new boolean[]{true, false}) {
            List<Edge> edges = distinct(batch(withCosines).trimmed());
            assertEquals(EDGES, edges.size());
            for (int i = 0; i < EDGES; i++) {
                Edge edge = edges.get(i);
                assertEquals(i, edge.src());
                assertEquals(i + 5, edge.dst());
                assertEquals(0.5 * i, edge.distance(), 0.0);
                assertEquals(withCosines ? (i == 0 ? 1.0 : 1.0 / (i + 1)) : Double.NaN, edge.cosine(), 0.0, "edge " + i);
            }
        }
    }

    @Test
    void shippedBatchesCarryNoEmptySlotsNorUnreadCosines() {
        SerializerInstance kryo = new KryoSerializer(new SparkConf()).newInstance();
        int untrimmed = size(kryo, batch(true));
        int trimmed = size(kryo, batch(true).trimmed());
        int withoutCosines = size(kryo, batch(false).trimmed());
        int slots = 2 * EDGES;
        assertTrue(untrimmed - trimmed >= (64 - slots) * 2 * Double.BYTES,
                "34 edges fill 34 of 64 slots: " + untrimmed + " bytes untrimmed, " + trimmed + " trimmed");
        assertTrue(trimmed - withoutCosines >= slots * Double.BYTES,
                "34 cosines: " + trimmed + " bytes with them, " + withoutCosines + " without");
        Iterator<Edge> roundTrip = EdgeBatch.distinctEdges(List.of(
                kryo.<EdgeBatch>deserialize(kryo.serialize(batch(false).trimmed(), ClassTag$.MODULE$.apply(EdgeBatch.class)),
                        ClassTag$.MODULE$.apply(EdgeBatch.class))).iterator());
        int count = 0;
        while (roundTrip.hasNext()) {
            assertEquals(count++, roundTrip.next().src());
        }
        assertEquals(EDGES, count);
    }

    private static int size(SerializerInstance kryo, EdgeBatch batch) {
        return kryo.serialize(batch, ClassTag$.MODULE$.apply(EdgeBatch.class)).remaining();
    }
}
