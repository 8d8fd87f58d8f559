package lapscore.graph.spectral;

import java.io.Serializable;

/**
 * Where {@link Lanczos} keeps its vectors, a few columns of an n-row matrix laid out by the
 * graph's blocks, and how it computes with them: distributed, an RDD whose partition i holds block
 * i ({@link DistributedColumns}), or all in the memory of one task ({@link TaskColumns}). The
 * iteration is written once against this interface; both stores compute every block's share the
 * same way and add the shares in the same order, so they give the same eigenpairs to the last bit.
 *
 * @param <M> a matrix of columns in this store
 */
interface ColumnStore<M> {

    /** One column of ones. */
    M ones();

    /** The start vector of Lanczos run {@code restart}, one column ({@link StartVector}). */
    M drawn(long seed, int restart, boolean byContent);

    /** {@code f} of every block. */
    M map(M x, BlockMap f);

    /** {@code f} of every block of {@code x} and the same block of {@code y}. */
    M zip(M x, M y, BlockZip f);

    /** {@code X^T Y}, row-major, the blocks' shares added in block order. */
    double[] products(M x, M y);

    /** {@code S x}, S the graph's weight matrix, for {@code x} of {@code numColumns} columns ({@link WeightProduct}). */
    M timesWeights(M x, int numColumns);

    /**
     * Every row's connected component in the graph of the edges of positive weight, labelled by
     * its smallest row id, one column ({@link ComponentLabels}).
     */
    M componentLabels();

    /** How many components {@code labels} name and the smallest {@code wanted} labels ({@link ComponentLabels.Roots}). */
    ComponentLabels.Roots roots(M labels, int wanted);

    /** {@code x}, kept once computed, until {@link #release}. */
    M kept(M x);

    /** {@code x} computed now and kept, without the computation that made it, until {@link #release}. */
    M settled(M x);

    /** Lets go of what {@link #kept} or {@link #settled} keeps. */
    void release(M x);

    /** A function of one block's columns. */
    @FunctionalInterface
    interface BlockMap extends Serializable {
        BlockColumns apply(BlockColumns block);
    }

    /** A function of the same block's columns in two matrices. */
    @FunctionalInterface
    interface BlockZip extends Serializable {
        BlockColumns apply(BlockColumns x, BlockColumns y);
    }
}
