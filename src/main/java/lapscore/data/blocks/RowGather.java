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
 * regressions). Two shuffles: the requests go to the rows' home blocks, which answer with the rows
 * (and, optionally, one number per row kept beside the blocks, such as a row's current k-th
 * neighbour distance); the answers go back to the asking blocks. How a home block's rows are read
 * and shipped is a {@link Shipping}: the raw vectors of {@link RowBlock}s ({@link #VECTORS}), or rows
 * a search keeps in a working form of its own. A home block answers one request at a time, as the
 * shuffle writes them, so it holds one answer beside its rows, however many blocks ask. Shuffle
 * O(rows asked for); nothing reaches the driver.
 */
public final class RowGather {

    /** The raw vectors of {@link RowBlock}s, packed for the shuffle ({@link PackedVectors}). */
    public static final Shipping<RowBlock, PackedVectors> VECTORS = new Shipping<>() {
        @Override
        public long bytesPerRow(RowBlock home, int local) {
            return PackedVectors.bytesOf(home.row(local));
        }

        @Override
        public PackedVectors pick(RowBlock home, int[] locals) {
            return PackedVectors.of(Arrays.stream(locals).mapToObj(home::row).toArray(Vector[]::new));
        }

        @Override
        public PackedVectors concat(List<PackedVectors> parts) {
            return PackedVectors.concat(parts);
        }
    };

    private RowGather() {
    }

    /**
     * How a gather reads the rows of its home blocks {@code H} and ships those it picks as {@code P}.
     *
     * @param <H> a home block's rows
     * @param <P> picked rows, as they travel and arrive
     */
    public interface Shipping<H, P> extends Serializable {
        /** The bytes the row at local position {@code local} of {@code home} takes when picked. */
        long bytesPerRow(H home, int local);

        /** The rows at local positions {@code locals} (ascending) of {@code home}, in that order. */
        P pick(H home, int[] locals);

        /** The rows of {@code parts}, in their order, as one. */
        P concat(List<P> parts);
    }

    /**
     * The raw vectors each block asked for. {@code wanted} holds, in partition i, the ids block i
     * needs (ascending, distinct); {@code tags}, when not null, holds in partition i one number per
     * row of block i. The result holds in partition i exactly one {@link Gathered} with the rows
     * block i asked for, ids ascending.
     */
    public static JavaRDD<Gathered<PackedVectors>> gather(JavaRDD<long[]> wanted, JavaRDD<RowBlock> blocks, JavaRDD<double[]> tags,
                                                          BlockLayout layout) {
        return gather(wanted, layout, blocks, tags, layout, VECTORS);
    }

    /**
     * As {@link #gather(JavaRDD, JavaRDD, JavaRDD, BlockLayout)}, for home blocks {@code homes} read
     * and shipped by {@code shipping}; the blocks that ask ({@code wanted}, the result) follow
     * {@code askingLayout} and the rows' home blocks ({@code homes}, {@code tags}) follow
     * {@code homeLayout}, whose blocks need not line up with them: a search working on larger groups
     * of rows reads the rows where they are, without a second copy of them.
     */
    public static <H, P> JavaRDD<Gathered<P>> gather(JavaRDD<long[]> wanted, BlockLayout askingLayout, JavaRDD<H> homes,
                                                     JavaRDD<double[]> tags, BlockLayout homeLayout, Shipping<H, P> shipping) {
        JavaPairRDD<Long, Request> requests = wanted
                .mapPartitionsWithIndex((block, asked) -> requestsByHome(block, asked, homeLayout), false)
                .mapToPair(request -> request)
                .partitionBy(new BlockPartitioner(homeLayout));
        JavaRDD<Tuple2<H, double[]>> withTags = tags == null
                ? homes.map(home -> new Tuple2<>(home, null))
                : homes.zipPartitions(tags, (home, tag) -> List.of(new Tuple2<>(home.next(), tag.next())).iterator());
        return requests.values()
                .zipPartitions(withTags, (asked, home) -> {
                    Tuple2<H, double[]> source = home.next();
                    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(asked, Spliterator.ORDERED), false)
                            .flatMap(request -> request.answer(source._1(), source._2(), homeLayout, shipping).stream()
                                    .map(answer -> new Tuple2<>(askingLayout.firstRow(request.block), answer)))
                            .iterator();
                })
                .mapToPair(answer -> answer)
                .partitionBy(new BlockPartitioner(askingLayout))
                .values()
                .mapPartitions(parts -> concat(parts, shipping));
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
    private static <P> Iterator<Gathered<P>> concat(Iterator<Gathered<P>> parts, Shipping<?, P> shipping) {
        List<Gathered<P>> all = new ArrayList<>();
        parts.forEachRemaining(all::add);
        all.sort(Comparator.comparingLong(part -> part.ids[0]));
        int size = all.stream().mapToInt(part -> part.ids.length).sum();
        long[] ids = new long[size];
        double[] tags = all.isEmpty() || all.get(0).tags == null ? null : new double[size];
        List<P> rows = new ArrayList<>(all.size());
        int at = 0;
        for (int p = 0; p < all.size(); p++) {
            Gathered<P> part = all.set(p, null);
            System.arraycopy(part.ids, 0, ids, at, part.ids.length);
            if (tags != null) {
                System.arraycopy(part.tags, 0, tags, at, part.ids.length);
            }
            rows.add(part.rows);
            at += part.ids.length;
        }
        return handOver(new Gathered<>(ids, shipping.concat(rows), tags));
    }

    /**
     * An iterator over {@code gathered} alone that forgets it once handed over, so that a task that
     * copies the rows into a working form can let them go.
     */
    private static <P> Iterator<Gathered<P>> handOver(Gathered<P> gathered) {
        return new Iterator<>() {
            private Gathered<P> next = gathered;

            @Override
            public boolean hasNext() {
                return next != null;
            }

            @Override
            public Gathered<P> next() {
                if (next == null) {
                    throw new NoSuchElementException();
                }
                Gathered<P> taken = next;
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
         * The rows asked for, from {@code home} (a block of {@code homeLayout}) and its tags
         * {@code homeTags} (or null), picked by {@code shipping}, in answers of at most about one
         * shuffle record each ({@link ShuffleRecords}), ids ascending, at least one row each.
         */
        <H, P> List<Gathered<P>> answer(H home, double[] homeTags, BlockLayout homeLayout, Shipping<H, P> shipping) {
            long first = homeLayout.firstRow(homeLayout.blockOf(ids[0]));
            int[] locals = new int[ids.length];
            for (int i = 0; i < ids.length; i++) {
                locals[i] = (int) (ids[i] - first);
            }
            List<Gathered<P>> answers = new ArrayList<>();
            int from = 0;
            long bytes = 0;
            for (int i = 0; i <= ids.length; i++) {
                long rowBytes = i < ids.length ? Long.BYTES + Double.BYTES + shipping.bytesPerRow(home, locals[i]) : 0;
                if (i == ids.length || (i > from && bytes + rowBytes > ShuffleRecords.MAX_BYTES)) {
                    int[] picked = Arrays.copyOfRange(locals, from, i);
                    double[] tags = null;
                    if (homeTags != null) {
                        tags = new double[picked.length];
                        for (int n = 0; n < picked.length; n++) {
                            tags[n] = homeTags[picked[n]];
                        }
                    }
                    answers.add(new Gathered<>(Arrays.copyOfRange(ids, from, i), shipping.pick(home, picked), tags));
                    from = i;
                    bytes = 0;
                }
                bytes += rowBytes;
            }
            return answers;
        }
    }

    /**
     * Rows delivered to one block: ids ascending, the rows as the {@link Shipping} picked them, and
     * their tags (null when none were asked for).
     *
     * @param <P> the rows, as they travel
     */
    public static final class Gathered<P> implements Serializable {
        private final long[] ids;
        private final P rows;
        private final double[] tags;

        /** Rows {@code ids} (ascending), the {@code rows} themselves and their {@code tags} (null when none were asked for). */
        public Gathered(long[] ids, P rows, double[] tags) {
            this.ids = ids;
            this.rows = rows;
            this.tags = tags;
        }

        /** The rows' ids, ascending. */
        public long[] ids() {
            return ids;
        }

        /** The rows, in the order of {@link #ids}. */
        public P rows() {
            return rows;
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
