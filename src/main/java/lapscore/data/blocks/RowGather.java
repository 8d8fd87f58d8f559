package lapscore.data.blocks;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.StreamSupport;

import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.linalg.Vector;

import scala.Tuple2;

/**
 * Ships to every block the rows it needs from other blocks, each row once per asking block: the
 * rows a block's neighbour lists name (the neighbour-of-neighbour refinement, the local kernel
 * regressions). Two shuffles: the requests go to the rows' home blocks, which answer with the rows'
 * vectors (and, optionally, one number per row kept beside the blocks, such as a row's current k-th
 * neighbour distance); the answers go back to the asking blocks. A home block answers one request
 * at a time, as the shuffle writes them, so it holds one answer beside its rows, however many blocks
 * ask. Shuffle O(rows asked for); nothing reaches the driver.
 */
public final class RowGather {

    private RowGather() {
    }

    /**
     * The rows each block asked for. {@code wanted} holds, in partition i, the ids block i needs
     * (ascending, distinct); {@code tags}, when not null, holds in partition i one number per row of
     * block i. The result holds in partition i exactly one {@link Gathered} with the rows block i asked
     * for, ids ascending.
     */
    public static JavaRDD<Gathered> gather(JavaRDD<long[]> wanted, JavaRDD<RowBlock> blocks, JavaRDD<double[]> tags,
                                           BlockLayout layout) {
        return gather(wanted, layout, blocks, tags, layout);
    }

    /**
     * As {@link #gather(JavaRDD, JavaRDD, JavaRDD, BlockLayout)}, but the blocks that ask
     * ({@code wanted}, the result) follow {@code askingLayout} and the rows' home blocks
     * ({@code blocks}, {@code tags}) follow {@code homeLayout}, whose blocks need not line up with
     * them: a search working on larger groups of rows ({@link BlockLayout#inParts}) reads the rows
     * where they are, without a second copy of them.
     */
    public static JavaRDD<Gathered> gather(JavaRDD<long[]> wanted, BlockLayout askingLayout, JavaRDD<RowBlock> blocks,
                                           JavaRDD<double[]> tags, BlockLayout homeLayout) {
        JavaPairRDD<Long, Request> requests = wanted
                .mapPartitionsWithIndex((block, asked) -> requestsByHome(block, asked, homeLayout), false)
                .mapToPair(request -> request)
                .partitionBy(new BlockPartitioner(homeLayout));
        JavaRDD<Tuple2<RowBlock, double[]>> homes = tags == null
                ? blocks.map(block -> new Tuple2<>(block, null))
                : blocks.zipPartitions(tags, (block, tag) -> List.of(new Tuple2<>(block.next(), tag.next())).iterator());
        return requests.values()
                .zipPartitions(homes, (asked, home) -> {
                    Tuple2<RowBlock, double[]> source = home.next();
                    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(asked, Spliterator.ORDERED), false)
                            .flatMap(request -> request.answer(source._1(), source._2()).stream()
                                    .map(answer -> new Tuple2<>(askingLayout.firstRow(request.block), answer)))
                            .iterator();
                })
                .mapToPair(answer -> answer)
                .partitionBy(new BlockPartitioner(askingLayout))
                .values()
                .mapPartitions(RowGather::concat);
    }

    /**
     * The ids block {@code block} asks for, cut into requests to their home blocks, each of at most
     * one shuffle record's ids ({@link ShuffleRecords}).
     */
    private static Iterator<Tuple2<Long, Request>> requestsByHome(int block, Iterator<long[]> asked, BlockLayout layout) {
        List<Tuple2<Long, Request>> requests = new ArrayList<>();
        int recordIds = ShuffleRecords.rowsPer(Long.BYTES);
        while (asked.hasNext()) {
            long[] ids = asked.next();
            int from = 0;
            while (from < ids.length) {
                int to = Math.min(layout.runEnd(ids, from), from + recordIds);
                requests.add(new Tuple2<>(layout.firstRow(layout.blockOf(ids[from])),
                        new Request(block, Arrays.copyOfRange(ids, from, to))));
                from = to;
            }
        }
        return requests.iterator();
    }

    /** The answers one block received, from any number of home blocks, as one, ids ascending. */
    private static Iterator<Gathered> concat(Iterator<Gathered> parts) {
        List<Gathered> all = new ArrayList<>();
        parts.forEachRemaining(all::add);
        all.sort(Comparator.comparingLong(part -> part.ids[0]));
        int size = all.stream().mapToInt(part -> part.ids.length).sum();
        long[] ids = new long[size];
        Vector[] vectors = new Vector[size];
        double[] tags = all.isEmpty() || all.get(0).tags == null ? null : new double[size];
        int at = 0;
        for (int p = 0; p < all.size(); p++) {
            Gathered part = all.set(p, null);
            System.arraycopy(part.ids, 0, ids, at, part.ids.length);
            System.arraycopy(part.vectors(), 0, vectors, at, part.ids.length);
            if (tags != null) {
                System.arraycopy(part.tags, 0, tags, at, part.ids.length);
            }
            at += part.ids.length;
        }
        return handOver(new Gathered(ids, vectors, tags));
    }

    /**
     * An iterator over {@code gathered} alone that forgets it once handed over, so that a task that
     * copies the rows into a working form can let the vectors go.
     */
    private static Iterator<Gathered> handOver(Gathered gathered) {
        return new Iterator<>() {
            private Gathered next = gathered;

            @Override
            public boolean hasNext() {
                return next != null;
            }

            @Override
            public Gathered next() {
                if (next == null) {
                    throw new NoSuchElementException();
                }
                Gathered taken = next;
                next = null;
                return taken;
            }
        };
    }

    /**
     * Block {@code block} asks the home block of {@code ids} (ascending) for these rows. Classes, not
     * records, because Spark's Kryo serializer cannot ship records.
     */
    private static final class Request implements Serializable {
        private final int block;
        private final long[] ids;

        Request(int block, long[] ids) {
            this.block = block;
            this.ids = ids;
        }

        /**
         * The rows asked for, from {@code home} and its tags {@code homeTags} (or null), in answers of
         * at most about one shuffle record each ({@link ShuffleRecords}), ids ascending, at least one
         * row each.
         */
        List<Gathered> answer(RowBlock home, double[] homeTags) {
            List<Gathered> answers = new ArrayList<>();
            int from = 0;
            long bytes = 0;
            for (int i = 0; i <= ids.length; i++) {
                long rowBytes = i < ids.length ? Long.BYTES + Double.BYTES + PackedVectors.bytesOf(row(home, i)) : 0;
                if (i == ids.length || (i > from && bytes + rowBytes > ShuffleRecords.MAX_BYTES)) {
                    answers.add(rows(home, homeTags, from, i));
                    from = i;
                    bytes = 0;
                }
                bytes += rowBytes;
            }
            return answers;
        }

        private Vector row(RowBlock home, int i) {
            return home.row((int) (ids[i] - home.firstRow()));
        }

        /** Asked rows {@code from} to {@code to} (exclusive) of {@code home}, with their tags from {@code homeTags} (or none). */
        private Gathered rows(RowBlock home, double[] homeTags, int from, int to) {
            Vector[] vectors = new Vector[to - from];
            double[] tags = homeTags == null ? null : new double[to - from];
            for (int i = from; i < to; i++) {
                vectors[i - from] = row(home, i);
                if (tags != null) {
                    tags[i - from] = homeTags[(int) (ids[i] - home.firstRow())];
                }
            }
            return new Gathered(Arrays.copyOfRange(ids, from, to), PackedVectors.of(vectors), tags);
        }
    }

    /**
     * Rows delivered to one block: ids ascending, their vectors, and their tags (null when none were
     * asked for). The answers of the home blocks travel packed ({@link PackedVectors}) and are
     * unpacked once where they are read; a block's concatenated rows hold their vectors as they are.
     */
    public static final class Gathered implements Serializable {
        private final long[] ids;
        private final PackedVectors packed;
        private Vector[] vectors;
        private final double[] tags;

        /** Rows {@code ids} (ascending), their {@code vectors} and their {@code tags} (null when none were asked for). */
        public Gathered(long[] ids, Vector[] vectors, double[] tags) {
            this.ids = ids;
            this.packed = null;
            this.vectors = vectors;
            this.tags = tags;
        }

        /** Rows {@code ids} (ascending), their vectors packed for a shuffle, and their {@code tags} (or null). */
        Gathered(long[] ids, PackedVectors packed, double[] tags) {
            this.ids = ids;
            this.packed = packed;
            this.tags = tags;
        }

        /** The rows' ids, ascending. */
        public long[] ids() {
            return ids;
        }

        /** The rows' vectors, in the order of {@link #ids}, unpacked on the first call. */
        public Vector[] vectors() {
            if (vectors == null) {
                vectors = packed.unpack();
            }
            return vectors;
        }

        /** The rows' tags, null when none were asked for. */
        public double[] tags() {
            return tags;
        }

        /** Position of row {@code id}, which must be among these rows. */
        public int positionOf(long id) {
            return Arrays.binarySearch(ids, id);
        }
    }
}
