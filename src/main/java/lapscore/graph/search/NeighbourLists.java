package lapscore.graph.search;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Function;
import java.util.function.IntPredicate;
import java.util.function.LongUnaryOperator;
import java.util.stream.IntStream;

import lapscore.data.blocks.BlockLayout;
import lapscore.data.blocks.BlockPartitioner;
import lapscore.data.blocks.ShuffleRecords;
import lapscore.graph.kernel.BlockPoints;
import lapscore.graph.kernel.CandidateHeaps;
import lapscore.graph.kernel.WorkingBlock;
import org.apache.spark.api.java.JavaPairRDD;

import scala.Tuple2;

/**
 * The best candidates found so far for a set of rows (ids ascending): up to k per row, sorted by
 * exact distance, then by row id. A search step yields such lists for the rows it saw (a block
 * pair, a tree leaf); {@link #absorb} merges them, keeping each row's k best distinct candidates,
 * and the result does not depend on the order in which lists are merged.
 *
 * <p>Every entry carries NN-descent's "new" flag (Dong, Charikar and Li, "Efficient k-nearest
 * neighbor graph construction for generic similarity measures", WWW 2011, Algorithm 2): an entry
 * is new until a local join has used it ({@link lapscore.graph.search.approximate.NeighbourDescent}), so that no pair is measured
 * twice for nothing. A candidate found again keeps the flag "old" when either copy is old.
 */
public final class NeighbourLists implements Serializable {

    private final long[] rowIds;
    private final int k;
    /**
     * Entries stored per row: k for a block's lists, which merge others into them; for a fragment
     * of offers, the most that one of its rows holds, so that a fragment whose rows hold a few
     * offers each ships those, not k slots per row.
     */
    private final int width;
    private final long[] ids;
    private final double[] distances;
    /** The raw rows' cosine beside every distance, or null when the search keeps none ({@link WorkingBlock#keepsCosines}). */
    private final double[] cosines;
    private final boolean[] fresh;
    private final int[] counts;

    private NeighbourLists(long[] rowIds, int k, boolean withCosines) {
        this(rowIds, k, k, withCosines);
    }

    private NeighbourLists(long[] rowIds, int k, int width, boolean withCosines) {
        this.rowIds = rowIds;
        this.k = k;
        this.width = width;
        this.ids = new long[rowIds.length * width];
        this.distances = new double[rowIds.length * width];
        this.cosines = withCosines ? new double[rowIds.length * width] : null;
        this.fresh = new boolean[rowIds.length * width];
        this.counts = new int[rowIds.length];
    }

    /** Empty lists of k entries for the rows {@code firstRow .. firstRow + rows - 1}, keeping cosines {@code withCosines}. */
    static NeighbourLists empty(long firstRow, int rows, int k, boolean withCosines) {
        long[] rowIds = new long[rows];
        for (int i = 0; i < rows; i++) {
            rowIds[i] = firstRow + i;
        }
        return new NeighbourLists(rowIds, k, withCosines);
    }

    /**
     * Turns the heaps of the rows of {@code own}, whose candidates are rows of {@code others}, into
     * sorted lists: the heaps' keys are the exact squared distances, and each entry gets the raw
     * rows' cosine beside its distance when {@code own} keeps cosines. Every entry is new.
     */
    static <B extends BlockPoints<B>> NeighbourLists of(CandidateHeaps heaps, B own, B others) {
        NeighbourLists lists = new NeighbourLists(own.ids(), heaps.k, own.keepsCosines());
        EntryCosine cosine = cosineOf(own, others);
        for (int i = 0; i < own.size(); i++) {
            lists.fill(i, heaps, i, cosine);
        }
        return lists;
    }

    /** The cosine of an entry of a row of {@code own} whose candidates are rows of {@code others}. */
    private static <B extends BlockPoints<B>> EntryCosine cosineOf(B own, B others) {
        return (row, neighbour, squared) -> own.cosine(row, others, others.positionOf(neighbour), squared);
    }

    /** The raw rows' cosine of row {@code row}'s entry {@code neighbour}, from their squared distance. */
    @FunctionalInterface
    private interface EntryCosine {
        double of(int row, long neighbour, double squaredDistance);
    }

    /**
     * The lists {@link #of} gives, cut into fragments like {@link #fragmentsByBlock}, each built only
     * when the iterator reaches it: beside the heaps, only the fragment being shuffled is held, not a
     * second copy of all the lists.
     */
    public static Iterator<Tuple2<Long, NeighbourLists>> fragmentsOf(CandidateHeaps heaps, WorkingBlock own, WorkingBlock others,
                                                              BlockLayout layout) {
        return fragmentsOf(heaps, own.ids, own.keepsCosines(), cosineOf(own, others), layout);
    }

    private static Iterator<Tuple2<Long, NeighbourLists>> fragmentsOf(CandidateHeaps heaps, long[] rowIds, boolean withCosines,
                                                               EntryCosine cosine, BlockLayout layout) {
        return cutByBlock(rowIds, row -> heaps.sizes[row] > 0, layout, recordRows(heaps.k, withCosines), kept -> {
            NeighbourLists fragment = new NeighbourLists(IntStream.of(kept).mapToLong(row -> rowIds[row]).toArray(), heaps.k,
                    IntStream.of(kept).map(row -> heaps.sizes[row]).max().orElse(0), withCosines);
            for (int n = 0; n < kept.length; n++) {
                fragment.fill(n, heaps, kept[n], cosine);
            }
            return fragment;
        });
    }

    /**
     * The rows of lists of k entries (with cosines or not) that one shuffle record carries
     * ({@link ShuffleRecords}): an entry is an id, a distance, a flag and perhaps a cosine.
     */
    private static int recordRows(int k, boolean withCosines) {
        return ShuffleRecords.rowsPer((long) k * (Long.BYTES + Double.BYTES + 1 + (withCosines ? Double.BYTES : 0)) + Long.BYTES);
    }

    /**
     * Fragments keyed by the first row of the block of {@code layout} their rows belong to, built by
     * {@code build} from the positions in {@code rowIds} (ascending, so each block's rows are
     * consecutive) of rows that {@code hasEntries}, at most {@code maxRows} of them, each when the
     * iterator reaches it: a block's rows fill as many fragments as they need, so that no record
     * grows with the rows of a block.
     */
    private static Iterator<Tuple2<Long, NeighbourLists>> cutByBlock(long[] rowIds, IntPredicate hasEntries, BlockLayout layout,
                                                                     int maxRows, Function<int[], NeighbourLists> build) {
        return new Iterator<>() {
            private int from = nextWithEntries(0);

            @Override
            public boolean hasNext() {
                return from < rowIds.length;
            }

            @Override
            public Tuple2<Long, NeighbourLists> next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                int block = layout.blockOf(rowIds[from]);
                int[] kept = new int[Math.min(maxRows, rowIds.length - from)];
                int size = 0;
                int row = from;
                while (row < rowIds.length && size < kept.length && layout.blockOf(rowIds[row]) == block) {
                    if (hasEntries.test(row)) {
                        kept[size++] = row;
                    }
                    row++;
                }
                from = nextWithEntries(row);
                return new Tuple2<>(layout.firstRow(block), build.apply(Arrays.copyOf(kept, size)));
            }

            private int nextWithEntries(int row) {
                int next = row;
                while (next < rowIds.length && !hasEntries.test(next)) {
                    next++;
                }
                return next;
            }
        };
    }

    /**
     * Fills row {@code row} of these lists from the heap of row {@code i}; the cosines, when these
     * lists keep them, come from {@code cosine} (a look-up of each candidate among the points).
     */
    private void fill(int row, CandidateHeaps heaps, int i, EntryCosine cosine) {
        int base = row * width;
        int count = heaps.sorted(i, ids, distances, base);
        for (int n = base; n < base + count; n++) {
            double squared = distances[n];
            distances[n] = Math.sqrt(squared);
            if (cosines != null) {
                cosines[n] = cosine.of(i, ids[n], squared);
            }
            fresh[n] = true;
        }
        counts[row] = count;
    }

    /**
     * Merges fragments keyed by the first row of the block of {@code layout} their rows belong to
     * into one list per block (partition i holding block i). There is no map-side combining: a
     * fragment covers few rows of its block, and the merge is in place on the reduce side.
     */
    public static JavaPairRDD<Long, NeighbourLists> mergeIntoBlocks(JavaPairRDD<Long, NeighbourLists> fragments, BlockLayout layout) {
        return fragments.combineByKey(
                fragment -> {
                    int block = layout.blockOf(fragment.rowIds[0]);
                    return empty(layout.firstRow(block), layout.rowsIn(block), fragment.k, fragment.keepsCosines()).absorb(fragment);
                },
                NeighbourLists::absorb, NeighbourLists::absorb, new BlockPartitioner(layout), false, null);
    }

    /**
     * {@code lists} (partition i holding block i of {@code layout}) with {@code fragments}, keyed as
     * for {@link #mergeIntoBlocks}, merged in at their blocks: one shuffle of the fragments, none of the
     * lists. The lists given are left as they are (each block's is copied before it takes the
     * fragments in), and a block without lists gets them from its fragments alone.
     */
    public static JavaPairRDD<Long, NeighbourLists> mergeIntoLists(JavaPairRDD<Long, NeighbourLists> lists,
                                                                   JavaPairRDD<Long, NeighbourLists> fragments, BlockLayout layout) {
        return lists.values()
                .zipPartitions(fragments.partitionBy(new BlockPartitioner(layout)).values(), (own, arriving) -> {
                    NeighbourLists merged = null;
                    if (own.hasNext()) {
                        NeighbourLists current = own.next();
                        merged = empty(current.rowIds[0], current.rowIds.length, current.k, current.keepsCosines()).absorb(current);
                    }
                    while (arriving.hasNext()) {
                        NeighbourLists fragment = arriving.next();
                        if (merged == null) {
                            int block = layout.blockOf(fragment.rowIds[0]);
                            merged = empty(layout.firstRow(block), layout.rowsIn(block), fragment.k, fragment.keepsCosines());
                        }
                        merged.absorb(fragment);
                    }
                    return merged == null ? Collections.emptyIterator() : List.of(new Tuple2<>(merged.rowIds[0], merged)).iterator();
                })
                .mapToPair(list -> list);
    }

    /**
     * Merges {@code other}, whose rows must all be rows of this, into this: every row keeps the k best
     * of both lists, a candidate found by both counted once (its exact distance is the same number
     * wherever it was computed) and new only when both copies are. Both must keep cosines, or
     * neither. A row whose list is full is passed over when the best entry {@code other} has for it
     * ranks after its k-th: then so does every entry of {@code other}'s, none of them is one of its
     * own, and the row would keep its entries and flags as they are. Returns this.
     */
    public NeighbourLists absorb(NeighbourLists other) {
        if (width < k) {
            throw new IllegalStateException("a fragment of " + width + " entries per row cannot take in lists of " + k);
        }
        if (keepsCosines() != other.keepsCosines()) {
            throw new IllegalStateException("lists with cosines cannot take in lists without, nor the reverse");
        }
        long[] mergedIds = new long[k];
        double[] mergedDistances = new double[k];
        double[] mergedCosines = keepsCosines() ? new double[k] : null;
        boolean[] mergedFresh = new boolean[k];
        boolean consecutive = rowIds.length > 0 && rowIds[rowIds.length - 1] - rowIds[0] == rowIds.length - 1;
        int row = 0;
        for (int o = 0; o < other.rowIds.length; o++) {
            row = consecutive ? (int) Math.max(-1, Math.min(rowIds.length, other.rowIds[o] - rowIds[0]))
                    : Arrays.binarySearch(rowIds, row, rowIds.length, other.rowIds[o]);
            if (row < 0 || row >= rowIds.length || rowIds[row] != other.rowIds[o]) {
                throw new IllegalStateException("row " + other.rowIds[o] + " is not among the rows of these lists");
            }
            int base = row * width;
            int otherBase = o * other.width;
            if (counts[row] == k && other.counts[o] > 0 && CandidateHeaps.isWorse(other.distances[otherBase], other.ids[otherBase],
                    distances[base + k - 1], ids[base + k - 1])) {
                continue;
            }
            int p = 0;
            int q = 0;
            int n = 0;
            while (p < counts[row] || q < other.counts[o]) {
                boolean takeOther = p == counts[row] || (q < other.counts[o]
                        && CandidateHeaps.isWorse(distances[base + p], ids[base + p], other.distances[otherBase + q], other.ids[otherBase + q]));
                NeighbourLists source = takeOther ? other : this;
                int from = takeOther ? otherBase + q++ : base + p++;
                if (n > 0 && mergedIds[n - 1] == source.ids[from]) {
                    mergedFresh[n - 1] &= source.fresh[from];
                    continue;
                }
                if (n == k) {
                    break;
                }
                mergedIds[n] = source.ids[from];
                mergedDistances[n] = source.distances[from];
                if (keepsCosines()) {
                    mergedCosines[n] = source.cosines[from];
                }
                mergedFresh[n] = source.fresh[from];
                n++;
            }
            System.arraycopy(mergedIds, 0, ids, base, n);
            System.arraycopy(mergedDistances, 0, distances, base, n);
            if (keepsCosines()) {
                System.arraycopy(mergedCosines, 0, cosines, base, n);
            }
            System.arraycopy(mergedFresh, 0, fresh, base, n);
            counts[row] = n;
        }
        return this;
    }

    /**
     * These lists cut into fragments keyed by the first row of the block of {@code layout} their
     * rows belong to, each at most one shuffle record's rows ({@link ShuffleRecords}) and built when
     * the iterator reaches it; rows without a candidate are left out.
     */
    public Iterator<Tuple2<Long, NeighbourLists>> fragmentsByBlock(BlockLayout layout) {
        return cutByBlock(rowIds, row -> counts[row] > 0, layout, recordRows(k, keepsCosines()), this::select);
    }

    /** The lists of the rows at positions {@code kept}. */
    private NeighbourLists select(int[] kept) {
        NeighbourLists selected = new NeighbourLists(IntStream.of(kept).mapToLong(row -> rowIds[row]).toArray(), k,
                IntStream.of(kept).map(row -> counts[row]).max().orElse(0), keepsCosines());
        for (int n = 0; n < kept.length; n++) {
            selected.copyRow(n, this, kept[n], k);
        }
        return selected;
    }

    /** Every row's first {@code best} entries (all of them when it has fewer): the k nearest of a longer search list. */
    public NeighbourLists truncate(int best) {
        if (best >= k) {
            return this;
        }
        NeighbourLists truncated = new NeighbourLists(rowIds, best, keepsCosines());
        for (int row = 0; row < rows(); row++) {
            truncated.copyRow(row, this, row, best);
        }
        return truncated;
    }

    /** Copies the first {@code length} entries of row {@code from} of {@code source} to row {@code to} of this. */
    private void copyRow(int to, NeighbourLists source, int from, int length) {
        int count = Math.min(length, source.counts[from]);
        System.arraycopy(source.ids, from * source.width, ids, to * width, count);
        System.arraycopy(source.distances, from * source.width, distances, to * width, count);
        if (keepsCosines()) {
            System.arraycopy(source.cosines, from * source.width, cosines, to * width, count);
        }
        System.arraycopy(source.fresh, from * source.width, fresh, to * width, count);
        counts[to] = count;
    }

    /**
     * These lists with every row and every neighbour given another id: row {@code row} becomes
     * {@code rowIds[row]} and neighbour n becomes {@code neighbours.applyAsLong(n)}. The rows are
     * put in ascending order of their new ids and each row's entries in order of distance, then new
     * id; flags, distances and cosines stay with their entries. O(rows (log rows + k^2)).
     */
    public NeighbourLists renamed(long[] newRowIds, LongUnaryOperator neighbours) {
        Integer[] order = IntStream.range(0, rows()).boxed().toArray(Integer[]::new);
        Arrays.sort(order, (a, b) -> Long.compare(newRowIds[a], newRowIds[b]));
        NeighbourLists renamed = new NeighbourLists(Arrays.stream(order).mapToLong(row -> newRowIds[row]).toArray(), k, width,
                keepsCosines());
        for (int to = 0; to < order.length; to++) {
            renamed.copyRow(to, this, order[to], k);
            int base = to * width;
            for (int n = base; n < base + renamed.counts[to]; n++) {
                renamed.ids[n] = neighbours.applyAsLong(renamed.ids[n]);
                for (int earlier = n; earlier > base && CandidateHeaps.isWorse(renamed.distances[earlier - 1], renamed.ids[earlier - 1],
                        renamed.distances[earlier], renamed.ids[earlier]); earlier--) {
                    renamed.swap(earlier - 1, earlier);
                }
            }
        }
        return renamed;
    }

    private void swap(int a, int b) {
        long id = ids[a];
        ids[a] = ids[b];
        ids[b] = id;
        double distance = distances[a];
        distances[a] = distances[b];
        distances[b] = distance;
        if (keepsCosines()) {
            double cosine = cosines[a];
            cosines[a] = cosines[b];
            cosines[b] = cosine;
        }
        boolean isFresh = fresh[a];
        fresh[a] = fresh[b];
        fresh[b] = isFresh;
    }

    /** A copy of these lists in which the entries {@code used[row]} (positions in the row's list) are old. */
    public NeighbourLists withUsed(int[][] used) {
        NeighbourLists marked = new NeighbourLists(rowIds, k, width, keepsCosines());
        for (int row = 0; row < rows(); row++) {
            marked.copyRow(row, this, row, k);
            for (int position : used[row]) {
                marked.fresh[row * width + position] = false;
            }
        }
        return marked;
    }

    /** Whether the {@code n}-th entry (from 0) of the row at position {@code row} is new (not yet used by a local join). */
    public boolean isFresh(int row, int n) {
        return fresh[row * width + n];
    }

    /**
     * The square of the row's current K-th distance (its k-th, K = {@link #k()}), +infinity while its
     * list holds fewer than K: a candidate enters the list only when nearer.
     */
    public double kthSquared(int row) {
        double distance = counts[row] == k ? distances[row * width + k - 1] : Double.POSITIVE_INFINITY;
        return distance * distance;
    }

    /**
     * For every row, in order, an upper bound of the squared distance of any candidate that can still
     * enter its list ({@link CandidateHeaps#limitTo}): +infinity while the list holds fewer than K.
     * A candidate enters a full list only when its distance, the square root of its exact squared
     * distance as kept here, is at most the K-th; that root rounds to at most the K-th only for
     * squares below the square of the next double up, and the bound is that square rounded up.
     */
    public double[] entryCeilingsSquared() {
        double[] ceilings = new double[rows()];
        for (int row = 0; row < ceilings.length; row++) {
            if (counts[row] < k) {
                ceilings[row] = Double.POSITIVE_INFINITY;
            } else {
                double above = Math.nextUp(distances[row * width + k - 1]);
                ceilings[row] = Math.nextUp(above * above);
            }
        }
        return ceilings;
    }

    /** Number of new entries over all rows. */
    public long freshEntries() {
        long total = 0;
        for (int row = 0; row < rows(); row++) {
            for (int n = 0; n < counts[row]; n++) {
                total += fresh[row * width + n] ? 1 : 0;
            }
        }
        return total;
    }

    /** Most neighbours a row keeps. */
    public int k() {
        return k;
    }

    /** Number of rows. */
    public int rows() {
        return counts.length;
    }

    /** Id of the row at position {@code row}. */
    public long rowId(int row) {
        return rowIds[row];
    }

    /** Number of neighbours kept for the row at position {@code row}. */
    public int count(int row) {
        return counts[row];
    }

    /** Id of the {@code n}-th nearest neighbour (from 0) of the row at position {@code row}. */
    public long neighbour(int row, int n) {
        return ids[row * width + n];
    }

    /** Exact distance to the {@code n}-th nearest neighbour (from 0) of the row at position {@code row}. */
    public double distance(int row, int n) {
        return distances[row * width + n];
    }

    /** Whether these lists keep the raw rows' cosine beside every distance. */
    public boolean keepsCosines() {
        return cosines != null;
    }

    /**
     * Cosine of the raw rows of the row at position {@code row} and its {@code n}-th nearest neighbour
     * (from 0); NaN when these lists keep no cosines.
     */
    public double cosine(int row, int n) {
        return keepsCosines() ? cosines[row * width + n] : Double.NaN;
    }
}
