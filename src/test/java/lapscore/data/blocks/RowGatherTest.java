package lapscore.data.blocks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;

import lapscore.testkit.SparkTestSession;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.junit.jupiter.api.Test;

/** Shipping rows to the blocks that ask for them, when the asking blocks straddle the home blocks. */
class RowGatherTest {

    private static Vector rowVector(long id) {
        return Vectors.dense(id, -2.0 * id);
    }

    @Test
    void straddlingBlocksReceiveExactlyTheRowsAndTagsTheyAskedFor() {
        JavaSparkContext context = JavaSparkContext.fromSparkContext(SparkTestSession.spark().sparkContext());
        BlockLayout homes = new BlockLayout(20, 3);
        BlockLayout runs = homes.inParts(3);
        assertEquals(3, runs.numBlocks());
        assertEquals(7, runs.rowsPerBlock(), "asking blocks of 7 rows, home blocks of 3");
        List<RowBlock> blocks = new ArrayList<>();
        List<double[]> tags = new ArrayList<>();
        for (int b = 0; b < homes.numBlocks(); b++) {
            long first = homes.firstRow(b);
            Vector[] vectors = LongStream.range(first, first + homes.rowsIn(b)).mapToObj(RowGatherTest::rowVector).toArray(Vector[]::new);
            blocks.add(new RowBlock(b, first, vectors, null));
            tags.add(LongStream.range(first, first + homes.rowsIn(b)).mapToDouble(id -> 0.5 * id).toArray());
        }
        Random random = new Random(7);
        List<long[]> wanted = new ArrayList<>();
        for (int g = 0; g < runs.numBlocks(); g++) {
            wanted.add(LongStream.range(0, 20).filter(id -> random.nextDouble() < 0.4).toArray());
        }
        JavaRDD<RowBlock> blockRdd = context.parallelize(blocks, homes.numBlocks());
        JavaRDD<double[]> tagRdd = context.parallelize(tags, homes.numBlocks());
        List<List<RowGather.Gathered<PackedVectors>>> received = RowGather.gather(context.parallelize(wanted, runs.numBlocks()), runs,
                blockRdd, tagRdd, homes, RowGather.VECTORS).glom().collect();
        assertEquals(runs.numBlocks(), received.size());
        for (int g = 0; g < runs.numBlocks(); g++) {
            assertEquals(1, received.get(g).size(), "one delivery per asking block");
            RowGather.Gathered<PackedVectors> delivery = received.get(g).get(0);
            assertArrayEquals(wanted.get(g), delivery.ids(), "block " + g + " receives the ids it asked for, ascending");
            for (int i = 0; i < delivery.ids().length; i++) {
                long id = delivery.ids()[i];
                assertEquals(rowVector(id), delivery.rows().get(i), "row " + id);
                assertEquals(0.5 * id, delivery.tags()[i], 0.0, "tag of row " + id);
            }
        }
    }
}
